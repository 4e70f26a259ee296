import { and, asc, eq } from 'drizzle-orm';
import { catalogueMessages as m, type BusinessUnit, type PartnerCloud } from '@mawingu/contracts/admin/catalogue';
import { businessSlug } from '@mawingu/contracts/product-services';
import type { Db } from '../../../db/client.ts';
import { businessUnits, cloudServices, partnerClouds } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { badField, type Tx } from './product-store.ts';
import type { BusinessUnitValues, PartnerCloudValues, CatalogueEditing, Who } from './catalogue-change.ts';

/** The console's business units (with their cloud services) and partner clouds. */
export function createUnitEditing({ db, change, audit }: CatalogueEditing) {
  // ---- business units ----

  async function listBusinessUnits(companyId: number, reader: Pick<Db, 'select'> = db): Promise<BusinessUnit[]> {
    const [units, clouds] = await Promise.all([
      reader
        .select()
        .from(businessUnits)
        .where(eq(businessUnits.companyId, companyId))
        .orderBy(asc(businessUnits.sortOrder), asc(businessUnits.id)),
      reader
        .select()
        .from(cloudServices)
        .where(eq(cloudServices.companyId, companyId))
        .orderBy(asc(cloudServices.sortOrder), asc(cloudServices.id)),
    ]);
    return units.map((u) => ({
      id: u.id,
      businessName: u.businessName,
      description: u.description,
      imagePath: u.imagePath,
      serviceOption: u.serviceOption,
      redirectUrl: u.redirectUrl,
      sortOrder: u.sortOrder,
      cloudServices: clouds
        .filter((c) => c.businessUnitId === u.id)
        .map((c) => ({
          id: c.id,
          cloudTitle: c.cloudTitle,
          description: c.description,
          imagePath: c.imagePath,
          serviceName: c.serviceName,
        })),
    }));
  }

  async function unitOf(tx: Pick<Db, 'select'>, companyId: number, id: number): Promise<BusinessUnit> {
    const found = (await listBusinessUnits(companyId, tx)).find((u) => u.id === id);
    if (!found) throw AppError.notFound(m.businessNotFound);
    return found;
  }

  /** The site finds a unit by its name without slashes, ignoring case: two units must not share that. */
  async function checkBusinessName(tx: Tx, companyId: number, name: string, selfId: number | null) {
    const slug = businessSlug(name).toLowerCase();
    const others = (await listBusinessUnits(companyId, tx)).filter((u) => u.id !== selfId);
    if (others.some((u) => businessSlug(u.businessName).toLowerCase() === slug)) throw badField('businessName', m.businessNameTaken);
  }

  async function writeCloudServices(tx: Tx, companyId: number, unitId: number, input: BusinessUnitValues) {
    await tx.delete(cloudServices).where(and(eq(cloudServices.businessUnitId, unitId), eq(cloudServices.companyId, companyId)));
    // Only a CloudService unit shows cards; the others keep none.
    const cards = input.serviceOption === 'CloudService' ? input.cloudServices : [];
    if (cards.length)
      await tx.insert(cloudServices).values(cards.map((c, sortOrder) => ({ ...c, companyId, businessUnitId: unitId, sortOrder })));
  }

  const unitValues = (input: BusinessUnitValues) => ({
    businessName: input.businessName,
    description: input.description,
    imagePath: input.imagePath,
    serviceOption: input.serviceOption,
    redirectUrl: input.serviceOption === 'RedirectionURL' ? input.redirectUrl : '',
    sortOrder: input.sortOrder,
  });

  async function createBusinessUnit(who: Who, input: BusinessUnitValues): Promise<BusinessUnit> {
    return change(
      who,
      async (tx) => {
        await checkBusinessName(tx, who.companyId, input.businessName, null);
        const [row] = await tx
          .insert(businessUnits)
          .values({ ...unitValues(input), companyId: who.companyId })
          .returning({ id: businessUnits.id });
        await writeCloudServices(tx, who.companyId, row!.id, input);
        const after = await unitOf(tx, who.companyId, row!.id);
        await audit(tx, who, 'business_unit.create', 'business_unit', row!.id, null, after);
        return after;
      },
      { field: 'businessName', message: m.businessNameTaken },
    );
  }

  async function updateBusinessUnit(who: Who, id: number, input: BusinessUnitValues): Promise<BusinessUnit> {
    return change(
      who,
      async (tx) => {
        const before = await unitOf(tx, who.companyId, id);
        await checkBusinessName(tx, who.companyId, input.businessName, id);
        await tx
          .update(businessUnits)
          .set(unitValues(input))
          .where(and(eq(businessUnits.id, id), eq(businessUnits.companyId, who.companyId)));
        await writeCloudServices(tx, who.companyId, id, input);
        const after = await unitOf(tx, who.companyId, id);
        await audit(tx, who, 'business_unit.update', 'business_unit', id, before, after);
        return after;
      },
      { field: 'businessName', message: m.businessNameTaken },
    );
  }

  async function deleteBusinessUnit(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await unitOf(tx, who.companyId, id);
      await tx.delete(businessUnits).where(and(eq(businessUnits.id, id), eq(businessUnits.companyId, who.companyId)));
      await audit(tx, who, 'business_unit.delete', 'business_unit', id, before, null);
    });
  }

  // ---- partner clouds ----

  async function listPartnerClouds(companyId: number, reader: Pick<Db, 'select'> = db): Promise<PartnerCloud[]> {
    return reader
      .select({
        id: partnerClouds.id,
        cloudTitle: partnerClouds.cloudTitle,
        description: partnerClouds.description,
        imagePath: partnerClouds.imagePath,
        websiteUrl: partnerClouds.websiteUrl,
        sortOrder: partnerClouds.sortOrder,
      })
      .from(partnerClouds)
      .where(eq(partnerClouds.companyId, companyId))
      .orderBy(asc(partnerClouds.sortOrder), asc(partnerClouds.id));
  }

  async function partnerOf(tx: Pick<Db, 'select'>, companyId: number, id: number): Promise<PartnerCloud> {
    const found = (await listPartnerClouds(companyId, tx)).find((p) => p.id === id);
    if (!found) throw AppError.notFound(m.partnerNotFound);
    return found;
  }

  async function createPartnerCloud(who: Who, input: PartnerCloudValues): Promise<PartnerCloud> {
    return change(who, async (tx) => {
      const [row] = await tx
        .insert(partnerClouds)
        .values({ ...input, companyId: who.companyId })
        .returning({ id: partnerClouds.id });
      const after = await partnerOf(tx, who.companyId, row!.id);
      await audit(tx, who, 'partner_cloud.create', 'partner_cloud', row!.id, null, after);
      return after;
    });
  }

  async function updatePartnerCloud(who: Who, id: number, input: PartnerCloudValues): Promise<PartnerCloud> {
    return change(who, async (tx) => {
      const before = await partnerOf(tx, who.companyId, id);
      await tx
        .update(partnerClouds)
        .set(input)
        .where(and(eq(partnerClouds.id, id), eq(partnerClouds.companyId, who.companyId)));
      const after = await partnerOf(tx, who.companyId, id);
      await audit(tx, who, 'partner_cloud.update', 'partner_cloud', id, before, after);
      return after;
    });
  }

  async function deletePartnerCloud(who: Who, id: number): Promise<void> {
    await change(who, async (tx) => {
      const before = await partnerOf(tx, who.companyId, id);
      await tx.delete(partnerClouds).where(and(eq(partnerClouds.id, id), eq(partnerClouds.companyId, who.companyId)));
      await audit(tx, who, 'partner_cloud.delete', 'partner_cloud', id, before, null);
    });
  }

  return {
    listBusinessUnits,
    createBusinessUnit,
    updateBusinessUnit,
    deleteBusinessUnit,
    listPartnerClouds,
    createPartnerCloud,
    updatePartnerCloud,
    deletePartnerCloud,
  };
}
