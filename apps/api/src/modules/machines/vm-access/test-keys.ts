/** Real keys made with ssh-keygen for the tests (public halves only); the fingerprint is `ssh-keygen -lf`'s. */
export const ALICE_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOg+plIo0dPCOhb/tbdzOyJqCXafez7MOHkitE4teytL alice@laptop';
export const ALICE_FINGERPRINT = 'SHA256:4XdU2cBa30Eq8ToE7NQEqrAQ2R9h5n66ArIPRxN3CDM';
export const BOB_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDUxzNs+yn6qviF3oa2mimBnsbhfDrU+fph2t9+UW7E/ bob@desk';
export const RSA_KEY =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCqRQnq/l+pFTn9FH/5ufHlFEvKWK9773wF7vdNAEGq/9HrlnLXFD+m0i0QmxL2wfZkln6SXFNdxxy0BDmW1AbjrwHUQetdqJnMEqzRGdUC0tc961jBTjdTY3WbUndqNJ5cR1ml76ThqftR4Nkch7FfGkVaz6g4XVq0MHTwBmMYU+YCWlW07nzXz389gBn7Xc7Rs6I8OcT0tzL5a7P2MZ9WT90zPSY7/YfXYDQn1YJcT1vPo4dmV2oFjHLfYM3spdqZiHSqZLINaZBUyMx64ynrCXZrOM/nE/SiDrT6enNoKzb2irjL+xfb4pl+bt/q0OWruw2CV3qbImk7jTSUunLv carol@rsa';
