/**
 * "Who trains?": the athletes as buttons, the one up now pressed; a tap brings that athlete up
 * with their own settings, exercise and plates, and closes the dialog (two taps from the Workout
 * screen). Below: today's order, planned by ticking who trains and moving them up or down (the
 * first comes up, the next after each set), and a new athlete by name and body mass. Renaming and
 * archiving are on the Team page. Loaded when first opened.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Dialog, DialogButtons } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { useStores } from '../../compose/appContext';
import { RANGES } from '../../engine/ranges';
import { ATHLETE_NAME_MAX } from '../../rules/athletes';
import type { Team } from '../../team/team';

type Step = 'pick' | 'order' | 'add';

export default function AthleteSwitch({ team, onClose }: { team: Team; onClose: () => void }): ReactElement {
  useSignals();
  const { attempt } = useStores().alerts;
  const [step, setStep] = useState<Step>('pick');
  const athletes = team.athletes.value;
  const activeId = team.store.athleteId.value;
  const order = team.store.order.value;
  // "70 kg · 1. today", after the name and a space: the two lines would run together in the button's name ("Ana70 kg").
  const detail = (a: { id: string; bodyMass: number }) => `${a.bodyMass} kg${order?.athleteIds.includes(a.id) ? ` · ${order.athleteIds.indexOf(a.id) + 1}. today` : ''}`;

  if (step === 'order') return <OrderEditor team={team} onDone={onClose} onBack={() => setStep('pick')} />;
  if (step === 'add') return <AddAthlete team={team} onDone={onClose} onBack={() => setStep('pick')} />;

  return (
    <Dialog title="Who trains?" onClose={onClose} actions={<DialogButtons onCancel={onClose} cancelLabel="Close" confirmLabel="Add an athlete" onConfirm={() => setStep('add')} />}>
      <ul className="pick-list" aria-label="Athletes">
        {athletes.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className="pick-list__item"
              aria-pressed={a.id === activeId}
              onClick={() =>
                void attempt(() => {
                  team.switchTo(a.id);
                  onClose();
                })
              }
            >
              <span>{a.name}</span> <span className="pick-list__detail">{detail(a)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog__row">
        <button type="button" className="button" onClick={() => setStep('order')}>
          {order === null ? 'Plan today’s order' : 'Change today’s order'}
        </button>
        <Link className="button" to="/team" onClick={onClose}>
          Team page
        </Link>
      </div>
    </Dialog>
  );
}

/** Who trains today, in order: tick, then move up or down. */
function OrderEditor({ team, onDone, onBack }: { team: Team; onDone: () => void; onBack: () => void }): ReactElement {
  const { attempt } = useStores().alerts;
  const athletes = team.athletes.peek();
  const [ids, setIds] = useState<string[]>(() => team.store.order.peek()?.athleteIds.filter((id) => athletes.some((a) => a.id === id)) ?? []);
  const move = (id: string, by: -1 | 1) =>
    setIds((list) => {
      const at = list.indexOf(id);
      const to = at + by;
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[at], next[to]] = [next[to]!, next[at]!];
      return next;
    });
  const hasOrder = team.store.order.peek() !== null;
  return (
    <Dialog
      title="Today’s order"
      onClose={onBack}
      actions={
        <DialogButtons
          onCancel={onBack}
          cancelLabel="Back"
          confirmLabel="Start with the first"
          confirmDisabled={ids.length === 0}
          onConfirm={() =>
            void attempt(() => {
              team.planToday(ids);
              onDone();
            })
          }
        />
      }
    >
      <p className="dialog__lead">Tick who trains today. After each set the next one comes up with their own plates, targets and exercise.</p>
      <ul className="order-list" aria-label="Athletes for today">
        {athletes.map((a) => {
          const at = ids.indexOf(a.id);
          return (
            <li key={a.id}>
              <label className="check">
                <input type="checkbox" checked={at >= 0} onChange={(e) => setIds((list) => (e.target.checked ? [...list, a.id] : list.filter((id) => id !== a.id)))} />
                <span>{at >= 0 ? `${at + 1}. ${a.name}` : a.name}</span>
              </label>
              {at >= 0 && (
                <span className="order-list__moves">
                  <button type="button" className="button" aria-label={`Move ${a.name} up`} disabled={at === 0} onClick={() => move(a.id, -1)}>
                    ↑
                  </button>
                  <button type="button" className="button" aria-label={`Move ${a.name} down`} disabled={at === ids.length - 1} onClick={() => move(a.id, 1)}>
                    ↓
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {hasOrder && (
        <button
          type="button"
          className="button"
          onClick={() => {
            team.endToday();
            onDone();
          }}
        >
          End today’s order
        </button>
      )}
    </Dialog>
  );
}

/** A new athlete: a name and a body mass; they come up at once. */
function AddAthlete({ team, onDone, onBack }: { team: Team; onDone: () => void; onBack: () => void }): ReactElement {
  const { attempt } = useStores().alerts;
  const [name, setName] = useState('');
  const [mass, setMass] = useState<number | null>(null);
  return (
    <Dialog
      title="New athlete"
      onClose={onBack}
      actions={
        <DialogButtons
          onCancel={onBack}
          cancelLabel="Back"
          confirmLabel="Add and switch"
          confirmDisabled={name.trim() === '' || mass === null}
          onConfirm={() =>
            void attempt(() => {
              const made = team.addAthlete(name, mass!);
              team.switchTo(made.id);
              onDone();
            })
          }
        />
      }
    >
      <div className="field">
        <label htmlFor="athlete-name">Name</label>
        <input id="athlete-name" type="text" maxLength={ATHLETE_NAME_MAX} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </div>
      <NumberField label="Body mass" unit="kg" value={mass} min={1} max={RANGES.mass.max} onChange={(value, ok) => setMass(ok ? value : null)} />
    </Dialog>
  );
}
