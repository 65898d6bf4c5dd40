/**
 * What every step of the onboarding wizard starts from: the answers of the basic, additional and shipping
 * steps as the form holds them (text for every field, as typed), read from what the sealed cookie kept, and
 * the props each of those steps takes. The purchase step keeps its own choices (purchase-step.tsx).
 */
import type { LookupItem } from '@/lib/contract/lookups';
import type { WizardView } from './actions';

export interface OnboardLookups {
  countries: LookupItem[];
  stateProvinces: LookupItem[];
  timeZones: LookupItem[];
  languages: LookupItem[];
}

const text = (v: unknown) => (v == null ? '' : String(v));

export function initialForms(view: WizardView) {
  const { basic, additional, shipping } = view.values;
  return {
    basic: {
      firstName: text(basic?.firstName),
      lastName: text(basic?.lastName),
      emailAddress: text(basic?.emailAddress),
      consent: basic?.consent ?? false,
    },
    additional: {
      company: text(additional?.company),
      jobTitle: text(additional?.jobTitle),
      email: text(additional?.email),
      addressLines: text(additional?.addressLines),
      city: text(additional?.city),
      stateProvince: text(additional?.stateProvince),
      postalCode: text(additional?.postalCode),
      country: text(additional?.country ?? 1),
      phoneCC: text(additional?.phoneCC || '+1'),
      phoneNo: text(additional?.phoneNo),
      languageId: text(additional?.languageId ?? 1),
      timezoneId: text(additional?.timezoneId ?? 12),
      webaddress: text(additional?.webaddress),
      companyId: text(additional?.companyId),
    },
    shipping: {
      sameAsCompany: shipping?.sameAsCompany ?? true,
      addressLines: text(shipping?.addressLines),
      city: text(shipping?.city),
      stateProvince: text(shipping?.stateProvince),
      postalCode: text(shipping?.postalCode),
      country: text(shipping?.country ?? 1),
    },
  };
}
export type Forms = ReturnType<typeof initialForms>;

/** A step's answers, its fields' errors (the host's or the contract's), and the change of some of its answers. */
export interface StepProps<K extends keyof Forms> {
  values: Forms[K];
  errors: Record<string, string>;
  onChange: (patch: Partial<Forms[K]>) => void;
}

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** Binds a step's text answers: `field(key)` is the value, error and change of a TextField or SelectField. */
export const textFields =
  <K extends keyof Forms>({ values, errors, onChange }: StepProps<K>) =>
  (key: TextKeys<Forms[K]>) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (e: { target: { value: string } }) => onChange({ [key]: e.target.value } as Partial<Forms[K]>),
  });
