import { asc, eq } from 'drizzle-orm';
import { businessSlug, SERVICE_OPTIONS, type CloudServiceCard, type ServiceOption } from '@mawingu/contracts/product-services';
import type { Db } from '../../../db/client.ts';
import { businessUnits, cloudServices } from '../../../db/schema.ts';

export type BusinessUnit = {
  ID: number;
  businessName: string;
  /** The name as the URL carries it: slashes removed, compared without case. */
  slug: string;
  description: string;
  imagePath: string | null;
  serviceOption: ServiceOption;
  redirectUrl: string;
  cloudService: CloudServiceCard[];
};

const isServiceOption = (value: string): value is ServiceOption => (SERVICE_OPTIONS as readonly string[]).includes(value);

/** A company's business units with their cloud service cards, in menu order (two queries). */
export async function loadProductServices(db: Db, companyId: number): Promise<BusinessUnit[]> {
  const [units, clouds] = await Promise.all([
    db
      .select()
      .from(businessUnits)
      .where(eq(businessUnits.companyId, companyId))
      .orderBy(asc(businessUnits.sortOrder), asc(businessUnits.id)),
    db
      .select()
      .from(cloudServices)
      .where(eq(cloudServices.companyId, companyId))
      .orderBy(asc(cloudServices.sortOrder), asc(cloudServices.id)),
  ]);
  // A row with an option this version does not know is left out rather than shown half-working.
  return units.flatMap((unit) => {
    const { serviceOption } = unit;
    if (!isServiceOption(serviceOption)) return [];
    return [
      {
        ID: unit.id,
        businessName: unit.businessName,
        slug: businessSlug(unit.businessName).toLowerCase(),
        description: unit.description,
        imagePath: unit.imagePath,
        serviceOption,
        redirectUrl: unit.redirectUrl,
        cloudService: clouds
          .filter((c) => c.businessUnitId === unit.id)
          .map((c) => ({
            ID: c.id,
            cloudTitle: c.cloudTitle,
            description: c.description,
            imagePath: c.imagePath,
            serviceName: c.serviceName,
          })),
      },
    ];
  });
}
