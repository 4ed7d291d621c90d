/**
 * Settings → Unit: the connected unit's firmware (major.minor.patch) and its type, number and
 * name, editable and written to the unit (docs/behaviour.md §3 "Writing unit info"). Without a connected unit
 * the form is shown read-only with a hint, so the page never looks broken.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type ReactElement } from 'react';
import { formatFirmware } from '../../device';
import { UnitType, type UnitInfo } from '../../device/unit';
import { NumberField } from '../../components/NumberField';
import { useApp, useStores } from '../../compose/appContext';
import { SelectField } from '../../components/SelectField';

const TYPE_OPTIONS = (Object.entries(UnitType) as [string, UnitType][]).map(([name, value]) => ({ value, label: `${name} (${value})` }));

export function UnitForm({ info, disabled }: { info: UnitInfo; disabled: boolean }): ReactElement {
  const id = useId();
  const { link, stores } = useApp();
  const { attempt, showStatus } = stores.alerts;
  const [type, setType] = useState<UnitType>(info.type);
  const [number, setNumber] = useState<number | null>(info.number);
  const [name, setName] = useState(info.name);
  const numberOk = number !== null && Number.isInteger(number);
  const nameOk = name.trim() !== '';
  return (
    <form
      className="form"
      aria-label="Unit"
      onSubmit={(event) => {
        event.preventDefault();
        if (!numberOk || !nameOk) return;
        void attempt(async () => {
          await link.saveUnitInfo({ type, number, name: name.trim() });
          showStatus('Unit settings written to the unit');
        });
      }}
    >
      <fieldset disabled={disabled}>
        <SelectField label="Unit type" value={type} options={TYPE_OPTIONS} onChange={setType} />
        <NumberField label="Unit number" value={info.number} min={0} onChange={setNumber} />
        {number !== null && !numberOk && <span className="field__message">Enter a whole number</span>}
        <div className="field">
          <label htmlFor={`${id}-name`}>Unit name</label>
          <input id={`${id}-name`} type="text" value={name} maxLength={32} aria-invalid={!nameOk} onChange={(e) => setName(e.target.value)} />
          {!nameOk && <span className="field__message">Enter a name</span>}
        </div>
        <button type="submit" className="button button--primary" disabled={disabled || !numberOk || !nameOk}>
          Save to unit
        </button>
      </fieldset>
    </form>
  );
}

export default function UnitSettings(): ReactElement {
  useSignals();
  const { state, firmware, unitInfo } = useStores().connection;
  const connected = state.value.status === 'connected';
  const fw = firmware.value;
  const info = unitInfo.value ?? { type: UnitType.NONE, number: 0, name: 'Repline' };
  return (
    <div>
      <h2>Unit</h2>
      <dl className="facts">
        <dt>Firmware</dt>
        <dd>{fw ? formatFirmware(fw) : '–'}</dd>
      </dl>
      {!connected && <p className="hint">Connect a unit to change its settings.</p>}
      <UnitForm key={`${connected}-${info.type}-${info.number}-${info.name}`} info={info} disabled={!connected} />
    </div>
  );
}
