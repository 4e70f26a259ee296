// The content domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export { contentPersonalData, eraseContentOf } from './personal-data/personal-data.ts';
export { dropEnquiry, keepEnquiry } from './contact/enquiry-record.ts';
