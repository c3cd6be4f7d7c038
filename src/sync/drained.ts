/**
 * The end of a drain, told to every context of the origin. A drain is one replay run that took
 * entries out of the queue (sent, or refused); whichever context ran it (a page or the service
 * worker), it is announced once, when the run ends — never per change — on a BroadcastChannel,
 * so the pages follow it up once (follow-ups.ts). Kept apart from the follow-ups so that the
 * runner (also in the service worker) loads no pull.
 */
import { OUTBOX_DRAINED_CHANNEL } from './constants';

/** What one drain did, announced when its run ended. */
export interface Drained {
  /** The device database it ran on (a process may hold several: tests, the bench). */
  db: string;
  /** Entries the server applied. */
  sent: number;
  /** Entries refused (by the pre-send re-check or the server). */
  conflicts: number;
}

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  /** Node's: the channel does not keep the process alive. */
  unref?: () => void;
}

function openChannel(): ChannelLike | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(OUTBOX_DRAINED_CHANNEL) as unknown as ChannelLike;
  channel.unref?.();
  return channel;
}

/** Listeners of this context, for a context without BroadcastChannel. */
const local = new Set<(drained: Drained) => void>();
let sender: ChannelLike | null | undefined;

/** Tells every context (this one too) that a drain ended. */
export function announceDrained(drained: Drained): void {
  if (sender === undefined) sender = openChannel();
  if (sender) sender.postMessage(drained);
  else for (const listener of local) listener(drained);
}

function isDrained(value: unknown): value is Drained {
  const drained = value as Partial<Drained> | null;
  return typeof drained?.db === 'string' && typeof drained.sent === 'number' && typeof drained.conflicts === 'number';
}

/** Calls `listener` after each drain of database `dbName`, in any context; returns the unsubscribe. */
export function onDrained(dbName: string, listener: (drained: Drained) => void): () => void {
  const filtered = (drained: Drained) => {
    if (drained.db === dbName) listener(drained);
  };
  const channel = openChannel();
  if (!channel) {
    local.add(filtered);
    return () => local.delete(filtered);
  }
  channel.onmessage = (event) => {
    if (isDrained(event.data)) filtered(event.data);
  };
  return () => channel.close();
}
