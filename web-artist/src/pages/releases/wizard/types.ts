import type { Outcome, StepErrors, WizardState } from '../../../components/Releases/wizardRules.ts';

export type Wizard = WizardState<File>;
/** A change to the wizard: a new state, or an outcome whose notice is toasted. */
export type Change = (state: Wizard) => Wizard | Outcome<File>;

export interface StepProps {
  state: Wizard;
  errors: StepErrors;
  apply: (change: Change) => void;
}

/** `error` and `helperText` of a field from the step's problems (or its hint when it has none). */
export const fieldError = (errors: StepErrors, path: string, hint?: string) => ({
  error: Boolean(errors[path]),
  helperText: errors[path] ?? hint,
});
