/**
 * The Inertia dialog. Plate steppers change the total (docs/behaviour.md §3 plate sizes),
 * the Overload Boost select offers exactly the boost range of the unit type the unit reported
 * (docs/behaviour.md §5), and Save writes the boost as text to 0x1608.
 */
import type { Locator } from 'playwright-core';
import { repPackets } from './fixtures/reps';
import { describe, expect, test } from './fixtures/test';

/** docs/behaviour.md §5 boost ranges, written out by hand: 0 shows as Off, others as a percentage. */
function labels(values: number[]): string[] {
  return values.map((v) => (v === 0 ? 'Off' : `${v}%`));
}
const FULL = labels(Array.from({ length: 81 }, (_, i) => i));
const SAFE = labels(Array.from({ length: 31 }, (_, i) => i));
const LEGACY = labels([0, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80]);

async function boostOptions(dialog: Locator): Promise<string[]> {
  return (await dialog.getByLabel('Overload Boost').locator('option').allInnerTexts()).map((t) => t.trim());
}

describe('the Inertia dialog', () => {
  test('plate steppers change the total, Save the workout inertia on the card, Escape nothing', async ({ app }) => {
    await app.open();
    const dialog = await app.openInertiaDialog();
    const total = dialog.getByLabel('Total inertia');
    expect(await total.innerText()).toBe('0');
    const add = (plate: string) => dialog.getByRole('button', { name: `Add one Flywheel ${plate}`, exact: true });
    await add('0.1').click();
    await add('0.1').click();
    await add('0.025').click();
    await add('0.00625').click();
    await expect.poll(() => total.innerText()).toBe('0.23125');
    await dialog.getByRole('button', { name: 'Remove one Flywheel 0.1', exact: true }).click();
    await expect.poll(() => total.innerText()).toBe('0.13125');
    expect(await dialog.getByRole('button', { name: 'Remove one Flywheel 0.05', exact: true }).isDisabled()).toBe(true);

    await app.saveDialog('Inertia');
    expect(await app.page.getByRole('button', { name: /^Inertia\b/ }).innerText()).toContain('0.13125');
    await (await app.openInertiaDialog()).getByRole('button', { name: 'Add one Flywheel 0.1', exact: true }).click();
    await app.closeDialog('Inertia');
    expect(await app.page.getByRole('button', { name: /^Inertia\b/ }).innerText()).toContain('0.13125');
  });

  test('offers the full motor range 0–80 for a 5.1 unit, and Save writes the boost text to 0x1608', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    const dialog = await app.openInertiaDialog();
    expect(await boostOptions(dialog)).toEqual(FULL);
    await dialog.getByLabel('Overload Boost').selectOption({ label: '35%' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => unit.writesTo('boost')).toEqual(['0', '35']);
    expect(await app.page.getByRole('button', { name: /^Inertia\b/ }).innerText()).toContain('35%');
  });
});

describe('the boost range follows the unit type the unit reports', () => {
  describe('a safe motor rack (5.2)', () => {
    test.override('unitOptions', { unitInfo: '5.2-3-Safe Rack' });
    test('offers 0–30 in steps of 1', async ({ app }) => {
      await app.open();
      await app.connectAndCalibrate();
      expect(await boostOptions(await app.openInertiaDialog())).toEqual(SAFE);
    });
  });

  describe('a legacy motor platform (4)', () => {
    test.override('unitOptions', { unitInfo: '4-9-Old Platform' });
    test('offers Off and 10–80 in steps of 5, and writes the chosen step', async ({ app, unit }) => {
      await app.open();
      await app.connectAndCalibrate();
      const dialog = await app.openInertiaDialog();
      expect(await boostOptions(dialog)).toEqual(LEGACY);
      await dialog.getByLabel('Overload Boost').selectOption({ label: '15%' });
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => unit.writesTo('boost')).toEqual(['0', '15']);
    });
  });

  describe('a rack without motor (3)', () => {
    test.override('unitOptions', { unitInfo: '3-1-Plain Rack' });
    test('offers only Off', async ({ app }) => {
      await app.open();
      await app.connectAndCalibrate();
      expect(await boostOptions(await app.openInertiaDialog())).toEqual(['Off']);
    });
  });
});

describe('Escape', () => {
  test('closes the Inertia dialog with the focus on the card behind it, and after a stepper press during a live set', async ({ app, unit }) => {
    await app.open();
    await app.connectAndCalibrate();
    const card = app.page.getByRole('button', { name: /^Inertia\b/ });
    await card.click();
    const dialog = app.dialog('Inertia');
    await dialog.waitFor();
    await card.evaluate((el) => (el as HTMLElement).focus());
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const streaming = unit.streamPackets(app.page, repPackets({ reps: 4, seed: 8, inertia: 0.05, firmware: unit.firmware }).packets);
    await card.click();
    // Adding then removing a plate disables the minus button that has the focus: the focus falls to the page.
    await dialog.getByRole('button', { name: 'Add one Flywheel 0.05', exact: true }).click();
    await dialog.getByRole('button', { name: 'Remove one Flywheel 0.05', exact: true }).click();
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await streaming;
  });

  test('in the Calibrate dialog means Cancel: the unit disconnects', async ({ app }) => {
    await app.open();
    await app.connect();
    await app.page.keyboard.press('Escape');
    await app.dialog('Calibrate').waitFor({ state: 'hidden' });
    await app.connectButton().waitFor();
  });
});
