import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { messages } from '@mawingu/contracts/messages';
import { mobileBoundsOf, mobileLengthFits, type profileFields, type UserProfileInfo } from '@mawingu/contracts/profile';
import type { Db } from '../../../db/client.ts';
import { customers } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { FileService } from '../../tenant/index.ts';
import type { CountryService } from '../../tenant/index.ts';
import { boundsOrDefault } from './countries.ts';
import { extensionOf, sniffImageType } from '../../../http/sniff-image.ts';

export type ProfileUpdate = z.output<typeof profileFields> & { kraPin?: string };

/** Where the SPA fetches a customer's picture; the route serves it to its owner only. */
export const profileImageUrl = (fileId: string) => `/api/profileSetting/profileImage/${fileId}`;

const where = (companyId: number, customerId: number) => and(eq(customers.companyId, companyId), eq(customers.id, customerId));

/**
 * The customer's own profile and picture. Every query takes both the company and the customer:
 * a customer of another company, or one deleted while a token was still alive, is a 404.
 */
export function createProfileService(db: Db, files: FileService, countries: CountryService) {
  async function customerRow(companyId: number, customerId: number) {
    const [row] = await db.select().from(customers).where(where(companyId, customerId)).limit(1);
    if (!row) throw AppError.notFound(messages.notFound);
    return row;
  }

  async function info(companyId: number, customerId: number, websiteUrl: string): Promise<UserProfileInfo> {
    const [row, countryList] = await Promise.all([customerRow(companyId, customerId), countries.list()]);
    const bounds = boundsOrDefault(countryList, row.countryCode, row.region);
    return {
      userDetails: {
        firstName: row.firstName,
        lastName: row.lastName,
        emailID: row.email,
        contactNo: row.contactNo,
        countryCode: row.countryCode,
        ...bounds,
        address: row.address,
        postalCode: row.postCode,
        companyName: row.companyName,
        city: row.city,
        state: row.state,
        region: row.region,
        imagePath: row.imageFileId ? profileImageUrl(row.imageFileId) : null,
        websiteUrl,
        customerVatNumber: row.vatNumber,
        customerKraPin: row.kraPin,
      },
      countryList,
    };
  }

  /** Checks what needs the country list (known code and country, mobile length), then writes. */
  async function update(companyId: number, customerId: number, input: ProfileUpdate): Promise<void> {
    const countryList = await countries.list();
    const country = countryList.find((c) => c.countryName.toLowerCase() === input.region.toLowerCase());
    const bounds = mobileBoundsOf(countryList, input.countryCode, input.region);
    const fieldErrors: Record<string, string> = {};
    if (!bounds) fieldErrors.countryCode = messages.countryCodeRequired;
    else if (!mobileLengthFits(input.contactNo, bounds)) fieldErrors.contactNo = messages.mobileInvalid;
    if (!country) fieldErrors.region = messages.countryUnknown;
    const first = Object.values(fieldErrors)[0];
    if (first) throw AppError.badRequest(first, fieldErrors);

    const updated = await db
      .update(customers)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        countryCode: input.countryCode,
        contactNo: input.contactNo,
        region: country!.countryName,
        companyName: input.companyName,
        address: input.address,
        city: input.city,
        state: input.state,
        postCode: input.postCode,
        vatNumber: input.vatNumber,
        kraPin: input.kraPin,
        updatedAt: new Date(),
      })
      .where(where(companyId, customerId))
      .returning({ id: customers.id });
    if (updated.length === 0) throw AppError.notFound(messages.notFound);
  }

  /** Points the customer at `fileId` (or at nothing) and returns the picture it replaced. */
  async function swapImage(companyId: number, customerId: number, fileId: string | null): Promise<string | null> {
    return db.transaction(async (tx) => {
      // Locked, so two uploads at once each remove the picture the other replaced, never a live one.
      const [row] = await tx
        .select({ imageFileId: customers.imageFileId })
        .from(customers)
        .where(where(companyId, customerId))
        .for('update');
      if (!row) throw AppError.notFound(messages.notFound);
      await tx.update(customers).set({ imageFileId: fileId, updatedAt: new Date() }).where(where(companyId, customerId));
      return row.imageFileId;
    });
  }

  /**
   * Stores a new picture and drops the previous one (row and bytes): a replaced or removed picture
   * is gone, not kept behind an unused id. The type comes from the bytes, never the name.
   */
  async function setImage(companyId: number, customerId: number, upload: { bytes: Buffer; field: string }): Promise<void> {
    const contentType = sniffImageType(upload.bytes);
    if (!contentType) throw AppError.badRequest(messages.imageTypeInvalid, { [upload.field]: messages.imageTypeInvalid });
    await customerRow(companyId, customerId);
    const saved = await files.save({
      companyId,
      kind: 'profile-image',
      originalName: `profile-image.${extensionOf[contentType]}`,
      contentType,
      bytes: upload.bytes,
      isPublic: false,
    });
    let previous: string | null;
    try {
      previous = await swapImage(companyId, customerId, saved.id);
    } catch (err) {
      await files.remove(saved.id);
      throw err;
    }
    if (previous) await files.remove(previous);
  }

  async function removeImage(companyId: number, customerId: number): Promise<void> {
    const previous = await swapImage(companyId, customerId, null);
    if (previous) await files.remove(previous);
  }

  /** The customer's current picture with its bytes; null for any other file id. */
  async function openImage(companyId: number, customerId: number, fileId: string) {
    const row = await customerRow(companyId, customerId);
    if (row.imageFileId !== fileId) return null;
    return files.openOfCompany(fileId, companyId);
  }

  return { info, update, setImage, removeImage, openImage };
}

export type ProfileService = ReturnType<typeof createProfileService>;
