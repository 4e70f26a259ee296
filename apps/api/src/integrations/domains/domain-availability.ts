/**
 * The DomainAvailability port: is a .com name registered? RDAP (the registry's public lookup) in
 * real use, the company's own list of taken names on the embedded default.
 */
export interface DomainAvailability {
  readonly kind: 'local' | 'rdap';
  /** `domain` is a full lower-case name such as "example.com". */
  isTaken(companyId: number, domain: string): Promise<boolean>;
}

/** The lookup could not give an answer (time-out, network, unexpected reply). */
export class DomainCheckUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DomainCheckUnavailableError';
  }
}
