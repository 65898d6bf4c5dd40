/** Schema of shared links (decisions in lib/contract/links.ts): the record a signed link names. */
export const LINKS_SCHEMA = /* sql */ `
CREATE TABLE share_link (
  link             INTEGER PRIMARY KEY,
  adas_inspection  INTEGER NOT NULL REFERENCES adas_inspection(adas_inspection) ON DELETE CASCADE,
  firm             INTEGER NOT NULL REFERENCES firm(firm),
  owner            INTEGER NOT NULL REFERENCES user(user),
  created_at       TEXT NOT NULL,
  expires_at       TEXT NOT NULL,
  revoked_at       TEXT
);
CREATE INDEX share_link_owner ON share_link(owner, created_at);
CREATE INDEX share_link_inspection ON share_link(adas_inspection);
`;
