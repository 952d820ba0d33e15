/**
 * The repository account the simulated DataCite knows: the gateway mints with these credentials, under
 * this prefix (DataCite's own test prefix). Simulator values, not secrets of any real account.
 */
export const DATACITE_ACCOUNT = {
  username: "DEGW.SIMULATED",
  password: "simulated-datacite-password",
  prefix: "10.5072",
} as const;
