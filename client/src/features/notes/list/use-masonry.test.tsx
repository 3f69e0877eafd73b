import { render } from '@testing-library/react';
import { useRef } from 'react';
import { MASONRY_ROW_PX, rowSpan, useMasonry } from './use-masonry';

describe('rowSpan', () => {
  it('spans the rows a card and the gap under it need, never less', () => {
    expect(rowSpan(100, 16)).toBe(Math.ceil(116 / MASONRY_ROW_PX));
    expect(rowSpan(101, 16) * MASONRY_ROW_PX).toBeGreaterThanOrEqual(117);
    // At most one row more than needed: the gap between cards stays under gap + a row.
    expect(rowSpan(101, 16) * MASONRY_ROW_PX - 117).toBeLessThan(MASONRY_ROW_PX);
    expect(rowSpan(0, 0)).toBe(1);
  });
});

/** A stand-in ResizeObserver: the test reports sizes itself. */
class FakeResizeObserver {
  static last: FakeResizeObserver | undefined;
  observed = new Set<Element>();
  constructor(readonly report: ResizeObserverCallback) {
    FakeResizeObserver.last = this;
  }
  observe(target: Element) {
    this.observed.add(target);
  }
  unobserve(target: Element) {
    this.observed.delete(target);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Reports each card at `heights[title]` px. */
  resize(heights: Record<string, number>) {
    const entries = [...this.observed].map(
      (target) =>
        ({
          target,
          borderBoxSize: [{ blockSize: heights[target.id] ?? 0, inlineSize: 200 }],
        }) as unknown as ResizeObserverEntry,
    );
    this.report(entries, this);
  }
}

function Grid({ items }: { items: string[] }) {
  const list = useRef<HTMLUListElement>(null);
  useMasonry(list, items);
  return (
    <ul ref={list} className="notes-grid">
      {items.map((id) => (
        <li key={id}>
          <article id={id} className="note-card">
            <div className="note-card__body" />
          </article>
        </li>
      ))}
    </ul>
  );
}

describe('useMasonry', () => {
  beforeEach(() => {
    window.ResizeObserver = FakeResizeObserver;
  });
  afterEach(() => {
    delete (window as { ResizeObserver?: unknown }).ResizeObserver;
  });

  it('gives each item the rows its card spans, observes cards drawn later, forgets removed ones', () => {
    const { container, rerender, unmount } = render(<Grid items={['a', 'b']} />);
    const grid = container.querySelector('ul')!;
    expect(grid).toHaveClass('notes-grid--masonry');
    const observer = FakeResizeObserver.last!;
    expect([...observer.observed].map((card) => card.id)).toEqual(['a', 'b']);
    grid.style.columnGap = '16px';
    observer.resize({ a: 100, b: 40 });
    const span = (id: string) => container.querySelector(`#${id}`)!.parentElement!.style.gridRowEnd;
    expect(span('a')).toBe(`span ${rowSpan(100, 16)}`);
    expect(span('b')).toBe(`span ${rowSpan(40, 16)}`);

    rerender(<Grid items={['b', 'c']} />);
    expect([...observer.observed].map((card) => card.id).sort()).toEqual(['b', 'c']);
    unmount();
    expect(observer.observed.size).toBe(0);
  });

  it('marks a card whose body is cut, and only while it is', () => {
    const { container } = render(<Grid items={['a']} />);
    const card = container.querySelector('#a')!;
    const body = card.querySelector('.note-card__body')!;
    let scrollHeight = 600;
    Object.defineProperty(body, 'scrollHeight', { get: () => scrollHeight });
    Object.defineProperty(body, 'clientHeight', { get: () => 352 });
    FakeResizeObserver.last!.resize({ a: 420 });
    expect(card).toHaveAttribute('data-cut');
    scrollHeight = 352;
    FakeResizeObserver.last!.resize({ a: 400 });
    expect(card).not.toHaveAttribute('data-cut');
  });
});
