// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../compose/compose';
import { composeTestApp, endTestApp, renderWithApp } from '../compose/testing/testApp';
import { useOnDemand } from './onDemand';

let app: App;
beforeEach(() => {
  app = composeTestApp();
});
afterEach(() => endTestApp(app));

function Chart({ label }: { label: string }) {
  return <p>{label}</p>;
}

const loadChart = async (): Promise<ComponentType<{ label: string }>> => Chart;

function Screen() {
  const Loaded = useOnDemand(loadChart, true);
  return Loaded === null ? <p>loading</p> : <Loaded label="drawn" />;
}

describe('code loaded on demand', () => {
  it('hands back a loaded component as it is when a screen mounts again (never calls it as a state initialiser)', async () => {
    renderWithApp(<Screen />, app);
    expect(await screen.findByText('drawn')).toBeTruthy();
    cleanup();
    renderWithApp(<Screen />, app);
    expect(screen.getByText('drawn')).toBeTruthy();
  });
});
