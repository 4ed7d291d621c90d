import { describe, expect, it, vi } from 'vitest';
import { flushOnPageHide } from './pageLifecycle';

function fakePage() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const setVisibility = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { win, doc, setVisibility };
}

describe('flushOnPageHide', () => {
  it('flushes when the page becomes hidden but not when it becomes visible again', () => {
    const { win, doc, setVisibility } = fakePage();
    const flush = vi.fn();
    flushOnPageHide(flush, win, doc);
    setVisibility('hidden');
    setVisibility('visible');
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('flushes on pagehide and on freeze', () => {
    const { win, doc } = fakePage();
    const flush = vi.fn();
    flushOnPageHide(flush, win, doc);
    win.dispatchEvent(new Event('pagehide'));
    doc.dispatchEvent(new Event('freeze'));
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('stops flushing once the returned function is called', () => {
    const { win, doc, setVisibility } = fakePage();
    const flush = vi.fn();
    const stop = flushOnPageHide(flush, win, doc);
    stop();
    setVisibility('hidden');
    win.dispatchEvent(new Event('pagehide'));
    doc.dispatchEvent(new Event('freeze'));
    expect(flush).not.toHaveBeenCalled();
  });
});
