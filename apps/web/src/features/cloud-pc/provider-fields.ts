// The provider sign-up's fields, apart from its rules (rules.ts): the form starts from these in
// the page's first load, and the rules come on the form's first focus (JS budget, README).

export interface TProviderForm {
  company: string;
  contactName: string;
  phone: string;
  email: string;
  region: string;
  hardware: string;
  machineCount: string;
  message: string;
}

export const EMPTY_PROVIDER_FORM: TProviderForm = {
  company: '',
  contactName: '',
  phone: '',
  email: '',
  region: '',
  hardware: '',
  machineCount: '',
  message: '',
};
