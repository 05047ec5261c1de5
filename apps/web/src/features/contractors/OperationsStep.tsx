// The operations step (spec 001 §2.6, §4): three columns — the customer's boats, the selected boat's
// operations (checked ones run), the selected operation's constraints. Fields commit on Enter or blur;
// new items are local drafts until a field completes them; deletion asks first; items with dependents
// are refused by the server with its message.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  conditionSymbols,
  constraintConditions,
  variableLabel,
  type ContractorBoat,
  type ContractorConstraint,
  type ContractorVariable,
} from '@metocean/contracts';
import { callErrors, InlineField, MessageDialog, Updating } from './fields';
import { useContractorWrites } from './queries';
import { constraintComplete, nextOperationName, numericEntry, unitFor, type ConstraintDraft } from './rules';

export interface OperationsState {
  boat: number | null;
  operation: number | null;
  /** Operations checked for the run. */
  selected: number[];
  /** Constraint drafts (not yet saved), per operation. */
  drafts: { key: number; operation: number; draft: ConstraintDraft }[];
  /** Calls still running (Next waits for them: spec 001 §4). */
  pending: number;
  /** The name of an operation being added that has no duration yet (Next warns before it is dropped). */
  unsavedOperation: string | null;
}

type Target = { kind: 'boat' | 'operation' | 'constraint'; id: number; name: string };

// The planner reads "≤" and "Wind speed", never LESS_EQUAL or magw (issue 30); the codes stay in the API.
const conditionOptions = constraintConditions.map((c) => ({ value: c, label: conditionSymbols[c] }));

function Column({
  title,
  onAdd,
  addLabel,
  children,
  canAdd,
}: {
  title: string;
  onAdd: () => void;
  addLabel: string;
  children: ReactNode;
  canAdd: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, p: 2, minHeight: 420 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={onAdd} disabled={!canAdd}>
          {addLabel}
        </Button>
      </Stack>
      <Stack spacing={1}>{children}</Stack>
    </Paper>
  );
}

function Row({
  active,
  onSelect,
  children,
  testId,
}: {
  active: boolean;
  onSelect?: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      onClick={onSelect}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1,
        borderRadius: 1,
        cursor: onSelect ? 'pointer' : undefined,
        border: 1,
        borderColor: active ? 'primary.main' : 'divider',
        bgcolor: active ? 'action.selected' : undefined,
      }}
    >
      {children}
    </Box>
  );
}

export function OperationsStep({
  boats,
  variables,
  customerName,
  editable,
  state,
  setState,
}: {
  boats: ContractorBoat[];
  variables: ContractorVariable[];
  customerName: string;
  editable: boolean;
  state: OperationsState;
  setState: (update: (s: OperationsState) => OperationsState) => void;
}) {
  const writes = useContractorWrites();
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [boatDraft, setBoatDraft] = useState(false);
  const [operationDraft, setDraft] = useState<{ boat: number; name: string } | null>(null);
  // the wizard knows of an operation still without duration, to warn on Next before it is dropped
  const setOperationDraft = (draft: { boat: number; name: string } | null) => {
    setDraft(draft);
    setState((s) => ({ ...s, unsavedOperation: draft?.name ?? null }));
  };
  const nextKey = useRef(1);
  const created = useRef(false);

  /** Runs a call for an item: dimmed meanwhile; field errors under its fields, others in a modal. */
  const run = <T,>(key: string, call: () => Promise<T>): Promise<T | undefined> => {
    setBusy((b) => new Set(b).add(key));
    setState((s) => ({ ...s, pending: s.pending + 1 }));
    return call()
      .then((value) => {
        setErrors((e) => ({ ...e, [key]: {} }));
        return value;
      })
      .catch((error: unknown) => {
        const { fields, common } = callErrors(error);
        setErrors((e) => ({ ...e, [key]: fields }));
        if (Object.keys(fields).length === 0) setProblem(common);
        return undefined;
      })
      .finally(() => {
        setState((s) => ({ ...s, pending: s.pending - 1 }));
        setBusy((b) => {
          const next = new Set(b);
          next.delete(key);
          return next;
        });
      });
  };

  // the first boat is created when there is none (spec 001 §2.6)
  useEffect(() => {
    if (boats.length === 0 && editable && !created.current) {
      created.current = true;
      void run('boat:new', () => writes.createBoat('My Boat'));
    }
  });
  const boat = boats.find((b) => b.id === state.boat) ?? boats[0];
  const operation = boat?.operations.find((o) => o.id === state.operation);
  const variableOf = (name: string) => variables.find((v) => v.name === name);

  const confirmDelete = async () => {
    if (!deleting) return;
    const call = {
      boat: writes.deleteBoat,
      operation: writes.deleteOperation,
      constraint: writes.deleteConstraint,
    }[deleting.kind];
    try {
      await call(deleting.id);
      if (deleting.kind === 'operation')
        setState((s) => ({ ...s, selected: s.selected.filter((id) => id !== deleting.id) }));
      setDeleting(null);
    } catch (error) {
      setDeleteError(callErrors(error).common ?? Object.values(callErrors(error).fields)[0] ?? null);
    }
  };

  const deleteButton = (target: Target) =>
    editable && (
      <IconButton
        size="small"
        aria-label={`Delete ${target.name}`}
        onClick={(event) => {
          event.stopPropagation();
          setDeleteError(null);
          setDeleting(target);
        }}
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    );

  const saveDraftConstraint = (key: number, operationId: number, draft: ConstraintDraft) => {
    setState((s) => ({ ...s, drafts: s.drafts.map((d) => (d.key === key ? { ...d, draft } : d)) }));
    if (!constraintComplete(draft)) return;
    void run(`constraint:draft:${key}`, () =>
      writes.createConstraint({
        operation: operationId,
        varName: draft.varName,
        condition: draft.condition,
        limit: numericEntry(draft.limit),
        unit: draft.unit,
      }),
    ).then((saved) => {
      if (saved) setState((s) => ({ ...s, drafts: s.drafts.filter((d) => d.key !== key) }));
    });
  };

  const constraintFields = (
    value: ConstraintDraft,
    change: (next: ConstraintDraft) => void,
    fieldErrors: Record<string, string> = {},
  ) => (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flex: 1 }}>
      <InlineField
        label="Variable"
        value={value.varName}
        width={210}
        disabled={!editable}
        error={fieldErrors.varName}
        options={variables.map((v) => ({ value: v.name, label: variableLabel(v.name, { units: false }) }))}
        onCommit={(varName) => change({ ...value, varName, unit: unitFor(variableOf(varName)) })}
      />
      <InlineField
        label="Condition"
        value={value.condition}
        width={90}
        disabled={!editable}
        error={fieldErrors.condition}
        options={conditionOptions}
        onCommit={(condition) => change({ ...value, condition })}
      />
      <InlineField
        label="Limit"
        value={value.limit}
        width={90}
        disabled={!editable}
        error={fieldErrors.limit}
        onCommit={(limit) =>
          change({ ...value, limit: limit.trim() === '' ? '' : String(numericEntry(limit)) })
        }
      />
      <InlineField
        label="Unit"
        value={value.unit}
        width={90}
        disabled={!editable || !value.varName}
        error={fieldErrors.unit}
        options={(variableOf(value.varName)?.units ?? []).map((u) => ({ value: u, label: u }))}
        onCommit={(unit) => change({ ...value, unit })}
      />
    </Stack>
  );

  const existingConstraint = (c: ContractorConstraint) => {
    const key = `constraint:${c.id}`;
    const value = { varName: c.varName, condition: c.condition, limit: String(c.limit), unit: c.unit };
    return (
      <Updating key={c.id} busy={busy.has(key)}>
        <Row active={false} testId="constraint-row">
          {constraintFields(
            value,
            (next) => {
              // an empty limit on an existing constraint becomes 0 (spec 001 §4), which the server refuses
              const limit = next.limit === '' ? 0 : numericEntry(next.limit);
              if (next.varName !== value.varName && next.unit === '') return; // wait for the unit
              void run(key, () =>
                writes.updateConstraint(c.id, {
                  varName: next.varName,
                  condition: next.condition,
                  limit,
                  unit: next.unit,
                }),
              );
            },
            errors[key],
          )}
          {deleteButton({ kind: 'constraint', id: c.id, name: `constraint ${c.varName}` })}
        </Row>
      </Updating>
    );
  };

  return (
    <>
      <Stack direction="row" spacing={2}>
        <Column
          title={`Boats of ${customerName}`}
          addLabel="Add boat"
          canAdd={editable && !boatDraft}
          onAdd={() => setBoatDraft(true)}
        >
          {boats.map((b) => (
            <Updating key={b.id} busy={busy.has(`boat:${b.id}`)}>
              <Row
                testId="boat-row"
                active={b.id === boat?.id}
                onSelect={() => setState((s) => ({ ...s, boat: b.id, operation: null }))}
              >
                <InlineField
                  label="Boat"
                  value={b.name}
                  width="100%"
                  onFocus={() =>
                    setState((s) => (s.boat === b.id ? s : { ...s, boat: b.id, operation: null }))
                  }
                  disabled={!editable}
                  error={errors[`boat:${b.id}`]?.name}
                  onCommit={(name) => void run(`boat:${b.id}`, () => writes.updateBoat(b.id, name))}
                />
                {deleteButton({ kind: 'boat', id: b.id, name: b.name })}
              </Row>
            </Updating>
          ))}
          {boatDraft && (
            <Updating busy={busy.has('boat:draft')}>
              <Row active>
                <InlineField
                  label="New boat"
                  value=""
                  width="100%"
                  autoFocus
                  error={errors['boat:draft']?.name}
                  onCommit={(name) =>
                    void run('boat:draft', () => writes.createBoat(name)).then((saved) => {
                      if (saved) {
                        setBoatDraft(false);
                        setState((s) => ({ ...s, boat: saved.id, operation: null }));
                      }
                    })
                  }
                />
              </Row>
            </Updating>
          )}
        </Column>
        <Column
          title={boat ? `Operations of ${boat.name}` : 'Operations'}
          addLabel="Add operation"
          canAdd={editable && boat !== undefined && operationDraft === null}
          onAdd={() =>
            boat &&
            setOperationDraft({ boat: boat.id, name: nextOperationName(boat.operations.map((o) => o.name)) })
          }
        >
          {boat && boat.operations.length > 0 && (
            // the run boxes' header: a ticked operation is simulated, the others are left out of the run
            <Stack direction="row" spacing={1} sx={{ px: 1, alignItems: 'center' }} data-testid="run-header">
              <Typography variant="caption" sx={{ width: 38, fontWeight: 600, textAlign: 'center' }}>
                Run
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Ticked operations are simulated, in this order; the others are left out of the run.
              </Typography>
            </Stack>
          )}
          {boat?.operations.map((o) => (
            <Updating key={o.id} busy={busy.has(`operation:${o.id}`)}>
              <Row
                testId="operation-row"
                active={o.id === operation?.id}
                onSelect={() => setState((s) => ({ ...s, operation: o.id }))}
              >
                <Checkbox
                  size="small"
                  checked={state.selected.includes(o.id)}
                  slotProps={{ input: { 'aria-label': `Run ${o.name}` } }}
                  onClick={(event) => event.stopPropagation()}
                  onChange={(event) =>
                    setState((s) => ({
                      ...s,
                      selected: event.target.checked
                        ? [...s.selected, o.id]
                        : s.selected.filter((id) => id !== o.id),
                    }))
                  }
                />
                <InlineField
                  label="Operation"
                  value={o.name}
                  width="100%"
                  // a click on the name (a field) selects the operation, as a click beside it does (issue 30)
                  onFocus={() => setState((s) => ({ ...s, operation: o.id }))}
                  disabled={!editable}
                  error={errors[`operation:${o.id}`]?.name}
                  onCommit={(name) =>
                    void run(`operation:${o.id}`, () => writes.updateOperation(o.id, { name }))
                  }
                />
                <InlineField
                  label="Duration"
                  value={String(o.duration)}
                  width={110}
                  suffix="h"
                  onFocus={() => setState((s) => ({ ...s, operation: o.id }))}
                  disabled={!editable}
                  error={errors[`operation:${o.id}`]?.duration}
                  onCommit={(text) =>
                    void run(`operation:${o.id}`, () =>
                      writes.updateOperation(o.id, { duration: numericEntry(text) }),
                    )
                  }
                />
                {deleteButton({ kind: 'operation', id: o.id, name: o.name })}
              </Row>
            </Updating>
          ))}
          {operationDraft && boat && operationDraft.boat === boat.id && (
            <Updating busy={busy.has('operation:draft')}>
              <Row active>
                <InlineField
                  label="Operation"
                  value={operationDraft.name}
                  width="100%"
                  error={errors['operation:draft']?.name}
                  onCommit={(name) => setOperationDraft({ ...operationDraft, name })}
                />
                <InlineField
                  label="Duration"
                  value=""
                  width={110}
                  suffix="h"
                  autoFocus
                  error={errors['operation:draft']?.duration}
                  onCommit={(text) =>
                    void run('operation:draft', () =>
                      writes.createOperation({
                        boat: boat.id,
                        name: operationDraft.name,
                        duration: numericEntry(text),
                      }),
                    ).then((saved) => {
                      if (saved) {
                        setOperationDraft(null);
                        setState((s) => ({ ...s, operation: saved.id, selected: [...s.selected, saved.id] }));
                      }
                    })
                  }
                />
                <IconButton
                  size="small"
                  aria-label="Discard operation"
                  onClick={() => setOperationDraft(null)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Row>
            </Updating>
          )}
          {boat && boat.operations.length === 0 && !operationDraft && (
            <Typography color="text.secondary">
              Add the operations this boat performs, in their order.
            </Typography>
          )}
        </Column>
        <Column
          title={operation ? `Constraints of ${operation.name}` : 'Constraints'}
          addLabel="Add constraint"
          canAdd={editable && operation !== undefined}
          onAdd={() =>
            operation &&
            setState((s) => ({
              ...s,
              drafts: [
                ...s.drafts,
                {
                  key: nextKey.current++,
                  operation: operation.id,
                  draft: { varName: '', condition: '', limit: '', unit: '' },
                },
              ],
            }))
          }
        >
          {operation?.constraints.map(existingConstraint)}
          {state.drafts
            .filter((d) => d.operation === operation?.id)
            .map((d) => (
              <Updating key={`draft-${d.key}`} busy={busy.has(`constraint:draft:${d.key}`)}>
                <Row active testId="constraint-draft">
                  {constraintFields(
                    d.draft,
                    (next) => saveDraftConstraint(d.key, d.operation, next),
                    errors[`constraint:draft:${d.key}`],
                  )}
                  <IconButton
                    size="small"
                    aria-label="Discard constraint"
                    onClick={() =>
                      setState((s) => ({ ...s, drafts: s.drafts.filter((x) => x.key !== d.key) }))
                    }
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Row>
              </Updating>
            ))}
          {!operation && (
            <Typography color="text.secondary">Select an operation to see its constraints.</Typography>
          )}
        </Column>
      </Stack>
      {problem && (
        <MessageDialog title="Marine contractors" onClose={() => setProblem(null)}>
          <Alert severity="error">{problem}</Alert>
        </MessageDialog>
      )}
      {deleting && (
        <MessageDialog
          title={`Delete ${deleting.name}?`}
          onClose={() => setDeleting(null)}
          actions={
            <>
              <Button onClick={() => setDeleting(null)}>Cancel</Button>
              <Button color="error" variant="contained" onClick={() => void confirmDelete()}>
                Delete
              </Button>
            </>
          }
        >
          <Typography>This cannot be undone.</Typography>
          {deleteError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {deleteError}
            </Alert>
          )}
        </MessageDialog>
      )}
    </>
  );
}
