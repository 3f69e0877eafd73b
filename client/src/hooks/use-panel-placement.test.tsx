import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { usePanelPlacement } from './use-panel-placement';

/** A trigger at `top` (its box 40 px tall) with a panel `height` tall, opened. */
function Placed({ top, height }: { top: number; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const placement = usePanelPlacement(box, panel, true);
  return (
    <div
      ref={(el) => {
        box.current = el;
        if (el) el.getBoundingClientRect = () => ({ top, bottom: top + 40, height: 40 }) as DOMRect;
      }}
    >
      <div
        ref={(el) => {
          panel.current = el;
          if (el) el.getBoundingClientRect = () => ({ height }) as DOMRect;
        }}
      >
        {placement}
      </div>
    </div>
  );
}

describe('usePanelPlacement', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 760 });
  });

  it('opens below its trigger where the window has room', () => {
    render(<Placed top={100} height={300} />);
    expect(screen.getByText('down')).toBeInTheDocument();
  });

  it('opens above near the bottom of the window, where it fits', () => {
    render(<Placed top={560} height={300} />);
    expect(screen.getByText('up')).toBeInTheDocument();
  });

  it('stays below when it fits neither way (the page scrolls to it)', () => {
    render(<Placed top={200} height={600} />);
    expect(screen.getByText('down')).toBeInTheDocument();
  });
});
