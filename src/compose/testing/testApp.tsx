/**
 * The composed app for component and state tests: the real wasm engine (already loaded), memory
 * storage, recording doubles for speech and share, a fake wake lock, a fresh in-memory
 * IndexedDB for the journal, and a unit factory that makes in-memory fake units. `renderWithApp`
 * renders views inside its `AppProvider`; end the app after the test
 * (`afterEach(() => endTestApp(app))`), as each one keeps the settings in its storage.
 */
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createEngine, reprocess } from '../../engine';
import { freshStore } from '../../journal/testKit';
import { createRecordingSharePort, type RecordingSharePort } from '../../platform/share/testing/recordingSharePort';
import { createRecordingSpeech, type RecordingSpeech } from '../../platform/speech/testing/recordingSpeech';
import { createMemoryStorage } from '../../platform/storage';
import { createFakePersistence, type FakePersistence } from '../../platform/storage/testing/fakePersistence';
import type { StoragePort } from '../../platform/storage/port';
import { createFakeUnitFactory, type FakeUnitFactory } from '../../platform/units/testing/fakeUnitFactory';
import { FakeWakeLock } from '../../platform/wakeLock/testing/fakeWakeLock';
import { AppProvider } from '../appContext';
import { composeApp, type App, type AppPorts } from '../compose';

export interface TestPorts extends AppPorts {
  readonly spoken: RecordingSpeech;
  readonly shared: RecordingSharePort;
  readonly lock: FakeWakeLock;
  readonly memory: StoragePort;
  readonly kept: FakePersistence;
  readonly fakeUnits: FakeUnitFactory;
}

export function testPorts(overrides: Partial<AppPorts> = {}): TestPorts {
  const spoken = createRecordingSpeech();
  const shared = createRecordingSharePort('web');
  const lock = new FakeWakeLock();
  const memory = createMemoryStorage();
  const fakeUnits = createFakeUnitFactory();
  const kept = createFakePersistence();
  return {
    engine: { createEngine, reprocess },
    loadEngine: async () => {},
    storage: () => memory,
    storageProblem: () => null,
    speech: () => spoken,
    wakeLock: async () => lock,
    share: () => shared,
    units: fakeUnits,
    openJournal: (clock) => freshStore(clock),
    persistence: () => kept,
    spoken,
    shared,
    lock,
    memory,
    fakeUnits,
    kept,
    ...overrides,
  };
}

export function composeTestApp(overrides: Partial<AppPorts> = {}): App & { ports: TestPorts } {
  return composeApp(testPorts(overrides)) as App & { ports: TestPorts };
}

export function renderWithApp(ui: ReactElement, app: App): RenderResult {
  return render(<AppProvider app={app}>{ui}</AppProvider>);
}

/**
 * Ends a test's app: disconnects its unit (inside `act`, as rendered views follow the connection),
 * disposes it and unmounts what the test rendered.
 */
export async function endTestApp(app: App): Promise<void> {
  await act(() => app.link.disconnect());
  app.dispose();
  cleanup();
}
