/**
 * The composed app for component and state tests: the real wasm engine (already loaded), memory
 * storage, recording doubles for speech and share, a fake wake lock and a fresh in-memory
 * IndexedDB for the journal. `renderWithApp` renders views inside its `AppProvider`; dispose the
 * app after the test (`app.dispose()`), as each one keeps the settings in its storage.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createEngine, reprocess } from '../../engine';
import { freshStore } from '../../journal/testKit';
import { createRecordingSharePort, type RecordingSharePort } from '../../platform/share/recordingSharePort';
import { createRecordingSpeech, type RecordingSpeech } from '../../platform/speech/recordingSpeech';
import { createMemoryStorage } from '../../platform/storage';
import type { StoragePort } from '../../platform/storage/port';
import { FakeWakeLock } from '../../platform/wakeLock/fakeWakeLock';
import { AppProvider } from '../appContext';
import { composeApp, type App, type AppPorts } from '../compose';

export interface TestPorts extends AppPorts {
  readonly spoken: RecordingSpeech;
  readonly shared: RecordingSharePort;
  readonly lock: FakeWakeLock;
  readonly memory: StoragePort;
}

export function testPorts(overrides: Partial<AppPorts> = {}): TestPorts {
  const spoken = createRecordingSpeech();
  const shared = createRecordingSharePort('web');
  const lock = new FakeWakeLock();
  const memory = createMemoryStorage();
  return {
    engine: { createEngine, reprocess },
    loadEngine: async () => {},
    storage: () => memory,
    storageProblem: () => null,
    speech: () => spoken,
    wakeLock: async () => lock,
    share: () => shared,
    openJournal: freshStore,
    spoken,
    shared,
    lock,
    memory,
    ...overrides,
  };
}

export function composeTestApp(overrides: Partial<AppPorts> = {}): App & { ports: TestPorts } {
  return composeApp(testPorts(overrides)) as App & { ports: TestPorts };
}

export function renderWithApp(ui: ReactElement, app: App): RenderResult {
  return render(<AppProvider app={app}>{ui}</AppProvider>);
}
