import { readToken } from './storage';
import { toast } from './toast';

/**
 * Web Push on this device: asking for the permission (once, when the user first sets a reminder),
 * subscribing through the app's service worker, and the REST calls of the profile's
 * notifications panel. Every call tells what went wrong in a sentence (`PushError`).
 */

export class PushError extends Error {}

/** An answer's `{errors: [...]}` message, or a plain sentence with the status. */
async function failure(response: Response): Promise<PushError> {
  try {
    const body = (await response.json()) as { errors?: unknown };
    if (Array.isArray(body.errors) && typeof body.errors[0] === 'string') {
      return new PushError(body.errors[0]);
    }
  } catch {
    // Not JSON: a proxy's page, say.
  }
  return new PushError(`The server answered ${response.status}.`);
}

/** A REST call with the signed-in user's token; rejects with a PushError saying what failed. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: {
        authorization: readToken(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new PushError('The server could not be reached.');
  }
  if (!response.ok) throw await failure(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** Whether this browser can receive Web Push at all (not on plain http, nor in some browsers). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

/** This device's permission: 'granted', 'denied', 'default', or 'unsupported'. */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

const ASKED_KEY = 'jotter.notifications-asked';

/**
 * What to do about notifications when a reminder is set: the first time on this device, 'ask'
 * (the app's dialog, then the browser's) when the browser has not been asked, 'subscribe' when it
 * already allows them, 'tell' (once: reminders still come in the app and by email) when it
 * blocks them; 'nothing' after that first time, or without Web Push.
 */
export function onFirstReminder(): 'ask' | 'subscribe' | 'tell' | 'nothing' {
  const permission = notificationPermission();
  if (permission === 'unsupported' || localStorage.getItem(ASKED_KEY) !== null) return 'nothing';
  if (permission === 'default') return 'ask';
  localStorage.setItem(ASKED_KEY, permission);
  return permission === 'granted' ? 'subscribe' : 'tell';
}

/** "Not now" in the app's dialog: not asked again on this device (the profile can turn it on). */
export function declineNotifications(): void {
  localStorage.setItem(ASKED_KEY, 'later');
}

/** The VAPID key as pushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The service worker's registration, once one is active (none: this page has no worker). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) throw new PushError('This page has no service worker to receive notifications.');
  return navigator.serviceWorker.ready;
}

/** This device's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ? existing.pushManager.getSubscription() : null;
}

/** Subscribes this device (the permission granted) and tells the server where to push. */
export async function subscribeThisDevice(): Promise<PushSubscription> {
  const { publicKey } = await api<{ publicKey: string }>('GET', '/api/push/key');
  const worker = await registration();
  let subscription: PushSubscription;
  try {
    subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  } catch (error) {
    console.error('The browser refused a push subscription:', error);
    throw new PushError('This browser could not subscribe to notifications.');
  }
  await api('POST', '/api/push/subscriptions', subscription.toJSON());
  return subscription;
}

/** Unsubscribes this device and tells the server to stop pushing to it. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** What the app says once when this device will not show notifications. */
export const DENIED_MESSAGE =
  'Notifications are off on this device. Reminders still show here in Jotter and by email.';

/**
 * After the app's own dialog: asks the browser, then subscribes (granted) or says once that
 * reminders still come in the app and by email (denied). Never asks twice.
 */
export async function askForNotifications(): Promise<NotificationPermission> {
  localStorage.setItem(ASKED_KEY, 'yes');
  const permission = await Notification.requestPermission();
  if (permission === 'granted') {
    try {
      await subscribeThisDevice();
      toast.success('Notifications On For This Device');
    } catch (error) {
      toast.error(error instanceof PushError ? error.message : 'Failed To Turn On Notifications');
    }
  } else {
    toast.info(DENIED_MESSAGE);
  }
  return permission;
}

/** A device receiving the user's notifications (GET /api/push/subscriptions). */
export interface PushDevice {
  _id: string;
  userAgent: string;
  createdAt: string;
  endpointHost: string;
}

/** The user's reminder settings (GET/PUT /api/user/reminder-settings). */
export interface ReminderSettings {
  email: boolean;
  emailAvailable: boolean;
}
