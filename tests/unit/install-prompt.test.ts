import { describe, expect, it, vi } from 'vitest';
import { createInstallPromptStore, type InstallPromptWindow } from '@/app/pwa/install-prompt';
import { decideInstallOffer, isIosDevice, isRunningStandalone, STANDALONE_QUERY } from '@/app/pwa/install-platform';

const UA = {
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.0 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ and a real Mac send the same desktop user agent.
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

/** A window with an event target, a switchable display-mode and a navigator. */
function fakeWindow(options: { userAgent?: string; maxTouchPoints?: number; standalone?: boolean; displayStandalone?: boolean } = {}) {
  const target = new EventTarget();
  const modeListeners = new Set<() => void>();
  let displayStandalone = options.displayStandalone ?? false;
  const win: InstallPromptWindow = {
    navigator: {
      userAgent: options.userAgent ?? UA.chromeDesktop,
      maxTouchPoints: options.maxTouchPoints ?? 0,
      ...(options.standalone === undefined ? {} : { standalone: options.standalone }),
    },
    addEventListener: (type, listener) => target.addEventListener(type, listener),
    matchMedia: (query) => ({
      matches: query === STANDALONE_QUERY && displayStandalone,
      addEventListener: (_type: 'change', listener: () => void) => modeListeners.add(listener),
    }),
  };
  return {
    win,
    dispatch: (event: Event) => target.dispatchEvent(event),
    /** The app switched to (or from) running installed: the media query's `change`. */
    setDisplayStandalone(value: boolean) {
      displayStandalone = value;
      for (const listener of modeListeners) listener();
    },
  };
}

/** What Chromium fires: a cancelable event with prompt() and userChoice. */
function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted', prompt = vi.fn(async () => undefined)) {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe('isIosDevice', () => {
  it.each([
    ['iPhone', UA.iphone, 5, true],
    ['iPad (iOS 12, says iPad)', UA.ipadOld, 5, true],
    ['iPod touch', UA.ipod, 5, true],
    ['iPadOS 13+ (says Macintosh, has touch)', UA.macSafari, 5, true],
    ['a Mac (Macintosh, no touch)', UA.macSafari, 0, false],
    ['Android Chrome', UA.chromeAndroid, 5, false],
    ['desktop Chrome', UA.chromeDesktop, 0, false],
  ])('should answer for %s', (_name, userAgent, maxTouchPoints, expected) => {
    expect(isIosDevice({ userAgent, maxTouchPoints })).toBe(expected);
  });
});

describe('isRunningStandalone', () => {
  it('should be true with display-mode standalone or navigator.standalone, else false', () => {
    expect(isRunningStandalone(fakeWindow().win)).toBe(false);
    expect(isRunningStandalone(fakeWindow({ displayStandalone: true }).win)).toBe(true);
    expect(isRunningStandalone(fakeWindow({ userAgent: UA.iphone, standalone: true }).win)).toBe(true);
    expect(isRunningStandalone(fakeWindow({ userAgent: UA.iphone, standalone: false }).win)).toBe(false);
  });
});

describe('decideInstallOffer', () => {
  it.each([
    { standalone: true, canPrompt: true, ios: false, offer: 'none' },
    { standalone: true, canPrompt: false, ios: true, offer: 'none' },
    { standalone: false, canPrompt: true, ios: false, offer: 'prompt' },
    { standalone: false, canPrompt: true, ios: true, offer: 'prompt' },
    { standalone: false, canPrompt: false, ios: true, offer: 'ios-hint' },
    { standalone: false, canPrompt: false, ios: false, offer: 'none' },
  ])('should offer $offer (standalone $standalone, prompt kept $canPrompt, iOS $ios)', ({ offer, ...facts }) => {
    expect(decideInstallOffer(facts)).toBe(offer);
  });
});

describe('createInstallPromptStore', () => {
  it('should offer nothing until the browser fires beforeinstallprompt, then keep and cancel it', () => {
    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot()).toBe('none');

    const { event } = installEvent();
    fake.dispatch(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getSnapshot()).toBe('prompt');
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    expect(listener).toHaveBeenCalledOnce();
  });

  it('should prompt once, answer the user choice and drop the event', async () => {
    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    const { event, prompt } = installEvent('dismissed');
    fake.dispatch(event);

    const choice = store.promptInstall();
    // Gone at once, before the user has answered: the event cannot be used twice.
    expect(store.getSnapshot()).toBe('none');
    await expect(choice).resolves.toBe('dismissed');
    expect(prompt).toHaveBeenCalledOnce();
    await expect(store.promptInstall()).resolves.toBeNull();
    expect(prompt).toHaveBeenCalledOnce();
  });

  it('should drop the event when the browser refuses to prompt', async () => {
    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    fake.dispatch(installEvent('accepted', vi.fn(async () => Promise.reject(new Error('NotAllowedError')))).event);
    await expect(store.promptInstall()).resolves.toBeNull();
    expect(store.getSnapshot()).toBe('none');
  });

  it('should hide the entry on appinstalled', () => {
    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    fake.dispatch(installEvent().event);
    const listener = vi.fn();
    store.subscribe(listener);
    fake.dispatch(new Event('appinstalled'));
    expect(store.getSnapshot()).toBe('none');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('should ignore an event without prompt() (not the install event)', () => {
    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    const plain = new Event('beforeinstallprompt', { cancelable: true });
    fake.dispatch(plain);
    expect(plain.defaultPrevented).toBe(false);
    expect(store.getSnapshot()).toBe('none');
  });

  it('should offer nothing while running installed, and stop offering when the app becomes installed', () => {
    const installed = fakeWindow({ displayStandalone: true });
    const inApp = createInstallPromptStore(installed.win);
    installed.dispatch(installEvent().event);
    expect(inApp.getSnapshot()).toBe('none');

    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    fake.dispatch(installEvent().event);
    const listener = vi.fn();
    store.subscribe(listener);
    fake.setDisplayStandalone(true);
    expect(store.getSnapshot()).toBe('none');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('should show the iOS hint on iPhone and iPadOS, not when added to the home screen', () => {
    expect(createInstallPromptStore(fakeWindow({ userAgent: UA.iphone, maxTouchPoints: 5, standalone: false }).win).getSnapshot()).toBe('ios-hint');
    expect(createInstallPromptStore(fakeWindow({ userAgent: UA.macSafari, maxTouchPoints: 5 }).win).getSnapshot()).toBe('ios-hint');
    expect(createInstallPromptStore(fakeWindow({ userAgent: UA.iphone, maxTouchPoints: 5, standalone: true }).win).getSnapshot()).toBe('none');
    expect(createInstallPromptStore(fakeWindow({ userAgent: UA.macSafari, maxTouchPoints: 0 }).win).getSnapshot()).toBe('none');
  });

  it('should not query the display mode before the offer is first read, yet keep an event that came earlier', () => {
    const fake = fakeWindow();
    const matchMedia = vi.spyOn(fake.win, 'matchMedia');
    const store = createInstallPromptStore(fake.win);
    const { event } = installEvent();
    fake.dispatch(event);
    expect(event.defaultPrevented).toBe(true);
    expect(matchMedia).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe('prompt');
    expect(matchMedia).toHaveBeenCalledWith(STANDALONE_QUERY);
  });

  it('should stop notifying a listener after it unsubscribed', () => {
    const fake = fakeWindow();
    const store = createInstallPromptStore(fake.win);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    fake.dispatch(installEvent().event);
    expect(listener).not.toHaveBeenCalled();
    expect(store.getSnapshot()).toBe('prompt');
  });
});
