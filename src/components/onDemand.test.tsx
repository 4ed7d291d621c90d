// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { onDemand, useOnDemand } from './onDemand';

afterEach(cleanup);

function Chart({ label }: { label: string }) {
  return <p>{label}</p>;
}

function Screen({ code }: { code: ReturnType<typeof onDemand<ComponentType<{ label: string }>>> }) {
  const Loaded = useOnDemand(code, true);
  return Loaded === null ? <p>loading</p> : <Loaded label="drawn" />;
}

describe('code loaded on demand', () => {
  it('hands back a loaded component as it is when a screen mounts again (never calls it as a state initialiser)', async () => {
    const code = onDemand(async () => Chart);
    render(<Screen code={code} />);
    expect(await screen.findByText('drawn')).toBeTruthy();
    cleanup();
    render(<Screen code={code} />);
    expect(screen.getByText('drawn')).toBeTruthy();
  });
});
