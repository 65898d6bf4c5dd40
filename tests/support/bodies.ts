/** Valid request bodies host tests start from (each test changes what it is about). */
import type { BodyOf } from '../../lib/contract/define';
import type { saveFirm } from '../../lib/contract/locations';

/** firm/saveFirm: a new shop under `parent`. */
export const shopBody = (parent: number, extra: Partial<BodyOf<typeof saveFirm>> = {}): BodyOf<typeof saveFirm> => ({
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
