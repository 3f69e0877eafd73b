/**
 * What the machine itself charges for memory, printed before the other figures: a browser's first
 * visit of /home makes about 20,000 page faults in its renderer (a fresh renderer maps its heaps,
 * the locale data, the fonts), so a host on which a page fault is slow gives slow first visits
 * whatever the app does. On a virtual machine with shadow page tables (PVM, say) every fault goes
 * through the hypervisor.
 */
import { quantile, type Figure } from './lib/stats';

const PAGE = 4096;
const BYTES = 128 << 20;

/** Nanoseconds per page to write one byte into each 4 kB page of `buffer`. */
function perPage(buffer: Buffer, value: number): number {
  const started = performance.now();
  for (let i = 0; i < buffer.length; i += PAGE) buffer[i] = value;
  return ((performance.now() - started) * 1e6) / (buffer.length / PAGE);
}

/**
 * A page's first touch (a fresh 128 MB allocation, which the allocator takes straight from the
 * kernel, so that every page is mapped on its first write) against the same pages written
 * again once mapped; the median of three.
 */
export function hostFigure(): Figure {
  const first: number[] = [];
  const again: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const buffer = Buffer.allocUnsafeSlow(BYTES);
    first.push(perPage(buffer, 1));
    perPage(buffer, 2); // the loop compiled and the pages' entries cached
    again.push(perPage(buffer, 3));
  }
  const value = quantile(first, 0.5);
  const baseline = quantile(again, 0.5);
  return {
    section: 'host',
    figure: "a memory page's first write (page fault), per 4 kB page",
    value,
    unit: 'ns',
    baseline,
    ratio: baseline / value,
    target: 'context: not a figure of Jotter',
    holds: null,
  };
}

/** The figure as one line, for the benches' logs. */
export function hostLine(fault: Figure = hostFigure()): string {
  return `host: a page fault costs ${Math.round(fault.value)} ns (a mapped page's write ${Math.round(fault.baseline ?? NaN)} ns)`;
}
