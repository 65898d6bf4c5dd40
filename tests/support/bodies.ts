/** Valid request bodies host tests start from (each test changes what it is about). */

/** firm/saveFirm: a new shop under `parent`. */
export const shopBody = (parent: number, extra: Record<string, unknown> = {}) => ({
  firm: -1,
  company: 'Harbor Point Auto Glass',
  firstName: 'Jo',
  lastName: 'Rivera',
  addressLines: '12 Pier Rd',
  city: 'Brooklyn',
  stateProvince: null,
  postalCode: '11231',
  country: 1,
  phoneNo: '(718) 555-0100',
  email: 'office@harbor.example.com',
  firmType: 'shop',
  companyId: parent,
  timezoneId: 12,
  languageId: 1,
  cccId: 'CCC-1',
  firmNumber: 'L-9001',
  cccDiag: true,
  ...extra,
});
