import { whenIdleAfterPaint } from './when-idle';

describe('whenIdleAfterPaint', () => {
  // The browser's frames and idle periods, run by hand: each call runs what was queued so far.
  let frames = new Map<number, FrameRequestCallback>();
  let idle = new Map<number, IdleRequestCallback>();
  let lastId = 0;
  const nextFrame = () => {
    const due = [...frames.values()];
    frames = new Map();
    due.forEach((callback) => callback(performance.now()));
  };
  const idlePeriod = () => {
    const due = [...idle.values()];
    idle = new Map();
    due.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 }));
  };

  beforeEach(() => {
    frames = new Map();
    idle = new Map();
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.set(++lastId, callback);
      return lastId;
    });
    jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => frames.delete(id));
    Object.assign(window, {
      requestIdleCallback: (callback: IdleRequestCallback) => {
        idle.set(++lastId, callback);
        return lastId;
      },
      cancelIdleCallback: (id: number) => idle.delete(id),
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
  });

  it('waits for two frames, then for the browser to be idle', () => {
    const callback = jest.fn();
    whenIdleAfterPaint(callback);

    // An idle period before the frame is drawn does not count.
    idlePeriod();
    nextFrame();
    idlePeriod();
    expect(callback).not.toHaveBeenCalled();

    nextFrame();
    expect(callback).not.toHaveBeenCalled();
    idlePeriod();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits only for idle in a hidden page, which draws no frames', () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const callback = jest.fn();
    whenIdleAfterPaint(callback);
    idlePeriod();
    expect(callback).toHaveBeenCalledTimes(1);
    expect(frames.size).toBe(0);
  });

  it('runs nothing once cancelled, before or after the frames', () => {
    const early = jest.fn();
    whenIdleAfterPaint(early)();
    nextFrame();
    nextFrame();
    idlePeriod();
    expect(early).not.toHaveBeenCalled();

    const late = jest.fn();
    const cancel = whenIdleAfterPaint(late);
    nextFrame();
    nextFrame();
    cancel();
    idlePeriod();
    expect(late).not.toHaveBeenCalled();
  });
});
