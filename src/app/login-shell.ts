/**
 * The login page before its JS (the phone first-load goal, P6 in docs/performance.md). `/` answers
 * with the login form already in the HTML (dist/web/login.html, scripts/login-shell.mjs), and the
 * form is live: a phone paints it and the user can type into it while none of the app's ~100 KB of
 * JS has run. On a first visit the app is loaded only when the user first touches, focuses or
 * submits the form (src/boot.ts), so loading the page costs a phone no main-thread work beyond
 * painting it (measured: Lighthouse total blocking time on `/` ~450 ms -> 0, docs/performance.md).
 * When React's LoginPage replaces the HTML it takes over what was typed, the focus and caret, the
 * password toggle, the fields left, and a Login already pressed (takeLoginHandoff), so nothing is
 * lost.
 *
 * Someone who may have a session on this device (a token in this tab, or the app's database
 * from an earlier login) gets the app at once, as on every other page: it may have to take
 * them past the login page. Part of src/boot.ts's tiny start-up chunk (vite.config.ts): keep
 * its imports to constants.
 */
import { DB_NAME, databaseMayExist } from '@/db/db-name';
import type { LoginField, LoginHandoff } from '@/features/auth/login-handoff';
import { SESSION_KEYS } from './session/session-keys';

/** The HTML login form, while React has not replaced it. */
export const LOGIN_SHELL_SELECTOR = 'main[data-login-shell]';

let takeState: (() => LoginHandoff) | null = null;
let released: Promise<void> = Promise.resolve();

/** True when this device may hold a session to restore (then the app must start at once). */
export async function mayHaveSession(storage: () => Pick<Storage, 'getItem'>, idb: IDBFactory | null): Promise<boolean> {
  try {
    if (storage().getItem(SESSION_KEYS.token)) return true;
  } catch {
    // sessionStorage disabled: look at IndexedDB
  }
  return idb !== null && databaseMayExist(DB_NAME, idb);
}

function fieldOf(target: EventTarget | null): LoginField | null {
  if (!(target instanceof HTMLInputElement)) return null;
  return target.name === 'username' || target.name === 'password' ? target.name : null;
}

/**
 * Makes the shell's form usable and calls `start` (loads the app) at the first pointer press,
 * focus or submit in it; records what the user does until LoginPage takes it (takeLoginHandoff).
 * The Login button comes disabled in the HTML: without this script the browser would submit
 * the form itself, with the password in the address.
 */
export function watchLoginShell(shell: HTMLElement, start: () => void): void {
  const form = shell.querySelector('form');
  const inputs = {
    username: shell.querySelector<HTMLInputElement>('input[name="username"]'),
    password: shell.querySelector<HTMLInputElement>('input[name="password"]'),
  };
  const submitButton = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !inputs.username || !inputs.password || !submitButton) {
    start();
    return;
  }
  const touched: Record<LoginField, boolean> = { username: false, password: false };
  let focus: LoginField | null = null;
  let showPassword = false;
  let submit = false;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit = true;
    start();
  });
  shell.addEventListener('pointerdown', () => {
    // A press is a click only if it ends on the element it began on: React replacing the form
    // between the two would lose the Login press. The takeover waits for the release.
    released = new Promise((resolve) => {
      const done = () => {
        window.removeEventListener('pointerup', done, true);
        window.removeEventListener('pointercancel', done, true);
        setTimeout(resolve, 0); // after the click event that follows pointerup
      };
      window.addEventListener('pointerup', done, true);
      window.addEventListener('pointercancel', done, true);
    });
    start();
  });
  shell.addEventListener('focusin', (event) => {
    focus = fieldOf(event.target);
    start();
  });
  // React removing the focused input may blur it: that is no "left the field". Decide once
  // the event is over, and only while the shell is still on the page.
  shell.addEventListener('focusout', (event) => {
    const field = fieldOf(event.target);
    queueMicrotask(() => {
      if (!shell.isConnected) return;
      if (field) touched[field] = true;
      focus = fieldOf(document.activeElement);
    });
  });
  shell.querySelector('.input-addon')?.addEventListener('click', () => {
    showPassword = !showPassword;
    inputs.password!.type = showPassword ? 'text' : 'password';
  });
  submitButton.disabled = false;

  takeState = () => {
    const focused = focus ? inputs[focus] : null;
    return {
      values: { username: inputs.username!.value, password: inputs.password!.value },
      touched: { ...touched },
      showPassword,
      focus: focus && focused ? { field: focus, start: focused.selectionStart, end: focused.selectionEnd } : null,
      submit,
    };
  };
}

/** Resolves when no pointer is pressed on the shell: React may replace it then without losing a click. */
export function loginShellReleased(): Promise<void> {
  return released;
}

/** What the user did on the shell, once (null when the page did not start from it). */
export function takeLoginHandoff(): LoginHandoff | null {
  const state = takeState?.() ?? null;
  takeState = null;
  return state;
}
