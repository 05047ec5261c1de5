// The name rules of spec 000 §5 and the new-project form as zod schemas, for the forms that validate with
// them. Apart from ./rules.ts, which the first page reads, so that zod stays out of it (issue 34).
import { z } from 'zod';
import { messages, pointName, projectName } from '@metocean/contracts';
import { datasetKinds } from './rules';

/** A check that a name is none of `names`, which compare case-insensitively (spec 000 §5). */
function unusedIn(names: readonly string[]): (name: string) => boolean {
  const taken = new Set(names.map((name) => name.toLowerCase()));
  return (name) => !taken.has(name.toLowerCase());
}

/** A project name field: the contract's rules (spec 000 §5, in order), then unused by the caller's projects. */
export function projectNameField(takenNames: readonly string[] = []) {
  return projectName.refine(unusedIn(takenNames), messages.projectNameTaken);
}

/** A new point's name field: the contract's rules, then unused in the project ('Point name already exists'). */
export function pointNameField(takenNames: readonly string[]) {
  return pointName.refine(unusedIn(takenNames), messages.pointNameExists);
}

/** The error of a project name, or null when it may be used: the first rule it breaks. */
export function projectNameError(name: string, takenNames: readonly string[] = []): string | null {
  return projectNameField(takenNames).safeParse(name).error?.issues[0]?.message ?? null;
}

/**
 * The new-project form (spec 000 §2.4, §5): its points (at least one) and name; and the user's choices of
 * offer, dataset kind and zone, null until made (the page then takes the URL's offer, the default offer, the
 * global data and the first matching zone).
 */
export function newProjectForm(takenNames: readonly string[]) {
  return z.object({
    points: z.array(z.object({ name: z.string(), lat: z.number(), lng: z.number() })).min(1),
    offer: z.number().nullable(),
    kind: z.enum(datasetKinds).nullable(),
    zone: z.number().nullable(),
    name: projectNameField(takenNames),
  });
}
/** The new-project form as edited, and as submitted (the name trimmed). */
export type NewProjectFields = z.input<ReturnType<typeof newProjectForm>>;
export type NewProjectValues = z.output<ReturnType<typeof newProjectForm>>;
