import { asc, eq, inArray } from 'drizzle-orm';
import {
  BUILT_IN_DOCUMENT,
  COMPANY_LIMITS,
  companiesMessages,
  originTakenMessage,
  type CompanyDocument,
  type CompanySettings,
  type ConsoleCompany,
  type CreateCompanyRequest,
  type DocumentState,
  type UpdateCompanySettingsRequest,
} from '@mawingu/contracts/admin/companies';
import type { Db } from '../../../db/client.ts';
import { companies, companyAddresses, companyOrigins, menuItems } from '../../../db/schema.ts';
import { registrationAgreementText } from '../../../db/seed/documents.ts';
import { seedTicketIssueTypes } from '../../../db/seed/ticket-issue-types.ts';
import { AppError } from '../../../http/app-error.ts';
import { normaliseOrigin } from '../../../http/tenant.ts';
import type { CacheBus } from '../../../cache/cache-bus.ts';
import { fileUrl, type FileService } from '../files/service.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import {
  documentColumn,
  fileIdOf,
  present,
  readText,
  uniqueViolation,
  usable,
  type CompanyRow,
  type Tx,
  type CheckedUpload,
  pick,
} from './company-fields.ts';
import { afterOf, auditView } from './settings-audit.ts';
import { checkOrigins, originsIn } from './company-origins.ts';

export type { CheckedUpload };

/**
 * Companies (white label) in the console (issue 7, point 2): every change is one transaction with
 * its audit entry, then the company cache is dropped on every instance so the customer site shows it at once.
 * Uploaded files are stored before the transaction that points the company at them (a failure in
 * between leaves an unused file, never a company pointing at nothing); replaced files are kept, so
 * the audit log's "before" addresses still open.
 */
export function createCompaniesService(deps: { db: Db; files: FileService; caches: Pick<CacheBus, 'invalidate'> }) {
  const { db, files } = deps;

  /** The owner sees every company; an admin or support operator only their own. */
  async function list(operator: Operator): Promise<ConsoleCompany[]> {
    const query = db
      .select({ id: companies.id, name: companies.name, slug: companies.slug, brandColor: companies.brandColor })
      .from(companies);
    const rows =
      operator.role === 'owner'
        ? await query.orderBy(asc(companies.name), asc(companies.id))
        : operator.companyId === null
          ? []
          : await query.where(eq(companies.id, operator.companyId));
    if (rows.length === 0) return [];
    // Each company's website addresses, so the list says which shop is which.
    const origins = await db
      .select({ companyId: companyOrigins.companyId, origin: companyOrigins.origin })
      .from(companyOrigins)
      .where(
        inArray(
          companyOrigins.companyId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(companyOrigins.id));
    return rows.map((row) => ({ ...row, origins: origins.filter((o) => o.companyId === row.id).map((o) => o.origin) }));
  }

  async function rowOf(executor: Db | Tx, companyId: number): Promise<CompanyRow> {
    const [row] = await executor.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!row) throw AppError.notFound('Company not found.');
    return row;
  }

  async function documentState(row: CompanyRow, document: CompanyDocument, names: Map<string, string>): Promise<DocumentState> {
    const path = row[documentColumn[document]]?.trim() ?? '';
    const none: DocumentState = { source: 'none', url: null, fileName: null, text: null };
    if (document === 'privacy' && !usable(path)) return { ...none, source: 'builtin' };
    if (document === 'terms' && !usable(path)) return present(path) ? { ...none, source: 'builtin' } : none;
    if (!usable(path)) return none;
    const id = fileIdOf(path);
    if (id && document === 'registrationAgreement') {
      const file = await files.openOfCompany(id, row.id);
      if (file && /^text\/plain\b/i.test(file.row.contentType)) {
        return {
          source: 'text',
          url: path,
          fileName: file.row.originalName,
          text: await readText(file.stream, COMPANY_LIMITS.agreementChars),
        };
      }
      file?.stream.destroy();
    }
    return { source: 'file', url: path, fileName: id ? (names.get(id) ?? null) : null, text: null };
  }

  /** Everything the settings pages show, read from the tables. */
  async function settings(companyId: number): Promise<CompanySettings> {
    const row = await rowOf(db, companyId);
    const [addresses, menus, origins] = await Promise.all([
      db
        .select({ address: companyAddresses.address, city: companyAddresses.city, country: companyAddresses.country })
        .from(companyAddresses)
        .where(eq(companyAddresses.companyId, companyId))
        .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id)),
      db
        .select({ menuName: menuItems.menuName, redirectUrl: menuItems.redirectUrl })
        .from(menuItems)
        .where(eq(menuItems.companyId, companyId))
        .orderBy(asc(menuItems.sortOrder), asc(menuItems.id)),
      db
        .select({ origin: companyOrigins.origin })
        .from(companyOrigins)
        .where(eq(companyOrigins.companyId, companyId))
        .orderBy(asc(companyOrigins.id)),
    ]);
    const ids = [row.registrationAgreementPath, row.termsPath, row.privacyPath].map(fileIdOf).filter((id): id is string => id !== null);
    const names = new Map((await files.describe(ids, companyId)).map((f) => [f.id, f.originalName]));
    const videoId = fileIdOf(row.videoPath);
    const missing = [
      !present(row.contactNo) && 'contact.contactNo',
      !present(row.email) && 'contact.email',
      !present(row.officeAddress) && 'contact.officeAddress',
      !present(row.country) && 'contact.country',
      !present(row.registrationAgreementPath) && 'documents.registrationAgreement',
      !present(row.termsPath) && 'documents.terms',
    ].filter((f): f is string => typeof f === 'string');
    return {
      id: row.id,
      slug: row.slug,
      brand: {
        name: row.name,
        brandColor: row.brandColor,
        bannerMessage: row.bannerMessage,
        logoUrl: row.logoPath,
        videoUrl: row.videoPath,
        videoUploaded: videoId !== null,
      },
      contact: {
        contactNo: row.contactNo,
        email: row.email,
        officeAddress: row.officeAddress,
        city: row.city,
        postalCode: row.postalCode,
        country: row.country,
        vatNumber: row.vatNumber,
      },
      addresses,
      social: { facebook: row.facebook, instagram: row.instagram, twitter: row.twitter, linkedIn: row.linkedIn, youtube: row.youtube },
      menus: { wwwUrl: row.wwwUrl, benefits: menus },
      documents: {
        registrationAgreement: await documentState(row, 'registrationAgreement', names),
        terms: await documentState(row, 'terms', names),
        privacy: await documentState(row, 'privacy', names),
      },
      maintenance: { enabled: row.maintenanceMode, message: row.maintenanceMessage, redirectUrl: row.maintenanceRedirect },
      origins: origins.map((o) => o.origin),
      vm: { expiryGraceDays: row.expiryGraceDays, ipMaintenance: row.runMerakiScript },
      missing,
    };
  }

  async function storeAgreementText(companyId: number, text: string): Promise<string> {
    const file = await files.save({
      companyId,
      kind: 'registration-agreement',
      originalName: 'registration-agreement.txt',
      contentType: 'text/plain; charset=utf-8',
      bytes: Buffer.from(text, 'utf8'),
      isPublic: true,
    });
    return fileUrl(file.id);
  }

  /**
   * A new company with what its site needs to open (contact details, a registration agreement
   * written from its name, the built-in terms, the default colour, ticket issue types). Its
   * catalogue is empty until it is set up.
   */
  async function create(operator: Operator, input: CreateCompanyRequest): Promise<CompanySettings> {
    const slug = input.slug.trim();
    const takenSlug = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, slug)).limit(1);
    if (takenSlug.length > 0) throw new AppError('conflict', 409, companiesMessages.slugTaken, { slug: companiesMessages.slugTaken });
    let companyId: number;
    try {
      companyId = await db.transaction(async (tx) => {
        const origins = await checkOrigins(tx, input.origins, null);
        const [row] = await tx
          .insert(companies)
          .values({
            slug,
            name: input.name.trim(),
            contactNo: input.contactNo.trim(),
            email: input.email.trim(),
            officeAddress: input.officeAddress.trim(),
            country: input.country.trim(),
            termsPath: BUILT_IN_DOCUMENT,
          })
          .returning({ id: companies.id });
        await tx.insert(companyOrigins).values(origins.map((origin) => ({ companyId: row!.id, origin })));
        return row!.id;
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('slug'))
        throw new AppError('conflict', 409, companiesMessages.slugTaken, { slug: companiesMessages.slugTaken });
      throw new AppError('conflict', 409, originTakenMessage(input.origins.join(', ')), {
        origins: originTakenMessage(input.origins.join(', ')),
      });
    }
    // The agreement file needs the company to exist; if it cannot be written, the company goes too.
    try {
      const agreement = await storeAgreementText(companyId, registrationAgreementText(input.name.trim()));
      await seedTicketIssueTypes(db, companyId);
      await db.transaction(async (tx) => {
        await tx.update(companies).set({ registrationAgreementPath: agreement }).where(eq(companies.id, companyId));
        const created = await rowOf(tx, companyId);
        await recordAudit(tx, {
          actor: operator,
          companyId,
          action: 'companies.create',
          targetType: 'company',
          targetId: companyId,
          before: null,
          after: {
            slug: created.slug,
            name: created.name,
            origins: await originsIn(tx, companyId),
            contact: pick(created),
            registrationAgreementPath: agreement,
            termsPath: created.termsPath,
          },
        });
      });
    } catch (err) {
      await db.delete(companies).where(eq(companies.id, companyId));
      throw err;
    }
    await deps.caches.invalidate('company', companyId);
    return settings(companyId);
  }

  /** PUT settings: the sections sent, checked against each other and the other companies, in one transaction. */
  async function update(operator: Operator, companyId: number, input: UpdateCompanySettingsRequest): Promise<CompanySettings> {
    const sections = Object.keys(input).filter((k) => input[k as keyof UpdateCompanySettingsRequest] !== undefined);
    const before = await settings(companyId);
    if (sections.length === 0) return before;

    const set: Partial<typeof companies.$inferInsert> = {};
    const { brand, contact, social, menus, documents, maintenance, vm } = input;
    if (brand) {
      if (brand.name !== undefined) set.name = brand.name.trim();
      if (brand.brandColor !== undefined) set.brandColor = brand.brandColor.trim().toLowerCase();
      if (brand.bannerMessage !== undefined) set.bannerMessage = brand.bannerMessage.trim();
      if (brand.videoUrl !== undefined) set.videoPath = brand.videoUrl.trim() || null;
      if (brand.removeLogo) set.logoPath = null;
    }
    if (contact) {
      for (const [key, value] of Object.entries(contact)) {
        if (value !== undefined) (set as Record<string, string>)[key] = value.trim();
      }
    }
    if (social) {
      for (const [key, value] of Object.entries(social)) {
        if (value !== undefined) (set as Record<string, string>)[key] = value.trim();
      }
    }
    if (menus?.wwwUrl !== undefined) set.wwwUrl = menus.wwwUrl.trim();
    if (documents?.terms === BUILT_IN_DOCUMENT) set.termsPath = BUILT_IN_DOCUMENT;
    if (documents?.privacy === BUILT_IN_DOCUMENT) set.privacyPath = null;
    if (maintenance) {
      if (maintenance.enabled !== undefined) set.maintenanceMode = maintenance.enabled;
      if (maintenance.message !== undefined) set.maintenanceMessage = maintenance.message.trim();
      if (maintenance.redirectUrl !== undefined) set.maintenanceRedirect = maintenance.redirectUrl.trim();
    }
    if (vm) {
      if (vm.expiryGraceDays !== undefined) set.expiryGraceDays = vm.expiryGraceDays;
      if (vm.ipMaintenance !== undefined) set.runMerakiScript = vm.ipMaintenance;
    }

    // Rules across fields, on the state after the change.
    const enabled = set.maintenanceMode ?? before.maintenance.enabled;
    const message = set.maintenanceMessage ?? before.maintenance.message;
    if (enabled && message.trim() === '') {
      throw AppError.badRequest(companiesMessages.maintenanceMessageRequired, {
        'maintenance.message': companiesMessages.maintenanceMessageRequired,
      });
    }
    const origins = input.origins ? input.origins.map((o) => normaliseOrigin(o) ?? o) : before.origins;
    const redirect = normaliseOrigin(set.maintenanceRedirect ?? before.maintenance.redirectUrl);
    if (redirect && origins.includes(redirect) && (maintenance?.redirectUrl !== undefined || input.origins)) {
      const field = maintenance?.redirectUrl !== undefined ? 'maintenance.redirectUrl' : 'origins';
      throw AppError.badRequest(companiesMessages.maintenanceRedirectOwnSite, { [field]: companiesMessages.maintenanceRedirectOwnSite });
    }

    if (documents?.registrationAgreementText !== undefined) {
      set.registrationAgreementPath = await storeAgreementText(companyId, documents.registrationAgreementText.trim());
    }

    try {
      await db.transaction(async (tx) => {
        if (input.origins) {
          const list = await checkOrigins(tx, input.origins, companyId);
          await tx.delete(companyOrigins).where(eq(companyOrigins.companyId, companyId));
          await tx.insert(companyOrigins).values(list.map((origin) => ({ companyId, origin })));
        }
        if (Object.keys(set).length > 0) await tx.update(companies).set(set).where(eq(companies.id, companyId));
        if (input.addresses) {
          await tx.delete(companyAddresses).where(eq(companyAddresses.companyId, companyId));
          if (input.addresses.length > 0) {
            await tx.insert(companyAddresses).values(
              input.addresses.map((a, i) => ({
                companyId,
                address: a.address.trim(),
                city: a.city.trim(),
                country: a.country.trim(),
                sortOrder: i,
              })),
            );
          }
        }
        if (menus?.benefits) {
          await tx.delete(menuItems).where(eq(menuItems.companyId, companyId));
          if (menus.benefits.length > 0) {
            await tx
              .insert(menuItems)
              .values(
                menus.benefits.map((m, i) => ({ companyId, menuName: m.menuName.trim(), redirectUrl: m.redirectUrl.trim(), sortOrder: i })),
              );
          }
        }
        await recordAudit(tx, {
          actor: operator,
          companyId,
          action: 'companies.update',
          targetType: 'company',
          targetId: companyId,
          before: auditView(before, sections),
          after: auditView(afterOf(before, set, input, origins), sections),
        });
      });
    } catch (err) {
      if (uniqueViolation(err) === null) throw err;
      const message = originTakenMessage((input.origins ?? []).join(', '));
      throw new AppError('conflict', 409, message, { origins: message });
    }
    await deps.caches.invalidate('company', companyId);
    return settings(companyId);
  }

  /** Points the company at an uploaded file (logo, video or a document), stored first. */
  async function attach(
    operator: Operator,
    companyId: number,
    what: 'logo' | 'video' | CompanyDocument,
    upload: CheckedUpload,
  ): Promise<CompanySettings> {
    const before = await rowOf(db, companyId);
    const file = await files.save({
      companyId,
      kind: what === 'logo' || what === 'video' ? what : `document-${what}`,
      isPublic: true,
      ...upload,
    });
    const url = fileUrl(file.id);
    const column = what === 'logo' ? 'logoPath' : what === 'video' ? 'videoPath' : documentColumn[what];
    await db.transaction(async (tx) => {
      await tx
        .update(companies)
        .set({ [column]: url })
        .where(eq(companies.id, companyId));
      await recordAudit(tx, {
        actor: operator,
        companyId,
        action: 'companies.upload',
        targetType: 'company',
        targetId: companyId,
        before: { [what]: before[column] },
        after: { [what]: url, fileName: upload.originalName, contentType: upload.contentType, sizeBytes: upload.bytes.length },
      });
    });
    await deps.caches.invalidate('company', companyId);
    return settings(companyId);
  }

  return { list, create, settings, update, attach };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
