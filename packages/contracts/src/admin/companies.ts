import { z } from 'zod';

/** A company the operator may work on: the console's company picker and the companies list. */
export const consoleCompany = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });
export type ConsoleCompany = z.infer<typeof consoleCompany>;
export const consoleCompanyList = z.array(consoleCompany);
