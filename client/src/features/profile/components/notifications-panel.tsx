import { useCallback, useEffect, useState } from 'react';
import {
  api,
  askForNotifications,
  currentSubscription,
  notificationPermission,
  PushError,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushDevice,
  type ReminderSettings,
} from '../../../lib/push';
import { toast } from '../../../lib/toast';

/** What failed, in a sentence the snackbar can say. */
const reason = (error: unknown, fallback: string) =>
  error instanceof PushError ? `${fallback}: ${error.message}` : fallback;

/** A device's browser, shortly, from its User-Agent ("Chrome on Linux"). */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Notifications: whether this device shows reminders (and turning it on), the devices that
 * receive them (each can be removed), email reminders on or off, and a test notification.
 */
export function NotificationsPanel() {
  const [permission, setPermission] = useState(notificationPermission);
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [settings, setSettings] = useState<ReminderSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, prefs, mine] = await Promise.all([
        api<{ subscriptions: PushDevice[] }>('GET', '/api/push/subscriptions'),
        api<ReminderSettings>('GET', '/api/user/reminder-settings'),
        currentSubscription().catch(() => null),
      ]);
      setDevices(list.subscriptions);
      setSettings(prefs);
      setSubscribed(mine?.endpoint ?? null);
      setError(null);
    } catch (e) {
      setError(reason(e, 'Your notification settings could not be loaded'));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const act = async (work: () => Promise<unknown>, failure: string, success?: string) => {
    setBusy(true);
    try {
      await work();
      if (success) toast.success(success);
    } catch (e) {
      toast.error(reason(e, failure));
    } finally {
      setBusy(false);
      setPermission(notificationPermission());
      await load();
    }
  };

  const turnOn = () =>
    act(async () => {
      if (notificationPermission() === 'granted') {
        await subscribeThisDevice();
        toast.success('Notifications On For This Device');
      } else {
        await askForNotifications();
      }
    }, 'Failed To Turn On Notifications');
  const turnOff = () =>
    act(
      unsubscribeThisDevice,
      'Failed To Turn Off Notifications',
      'Notifications Off For This Device',
    );
  const remove = (device: PushDevice) =>
    act(
      async () => {
        await api('DELETE', '/api/push/subscriptions', { _id: device._id });
      },
      'Failed To Remove Device',
      'Device Removed',
    );
  const setEmail = (email: boolean) =>
    act(
      async () =>
        setSettings(await api<ReminderSettings>('PUT', '/api/user/reminder-settings', { email })),
      'Failed To Update Email Reminders',
      email ? 'Email Reminders On' : 'Email Reminders Off',
    );
  const test = () =>
    act(async () => {
      const { sent } = await api<{ sent: number }>('POST', '/api/push/test');
      toast.success(
        sent === 1
          ? 'Test Notification Sent To 1 Device'
          : `Test Notification Sent To ${sent} Devices`,
      );
    }, 'Failed To Send Test Notification');

  const thisDevice =
    permission === 'unsupported'
      ? 'This browser cannot show notifications (they need HTTPS and a browser that supports Web Push).'
      : permission === 'denied'
        ? 'Notifications are blocked for Jotter in this browser: allow them in the site settings to get reminders here.'
        : subscribed
          ? 'This device shows a notification when a reminder is due.'
          : 'This device does not show notifications yet.';

  return (
    <section className="files-panel" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <p>
        Reminders show in every open Jotter tab, as a notification on the devices below, and by
        email when it is on.
      </p>
      <h3>This device</h3>
      <p>{thisDevice}</p>
      <div className="files-panel__actions">
        {permission !== 'unsupported' && permission !== 'denied' && !subscribed && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void turnOn()}
          >
            Turn on notifications
          </button>
        )}
        {subscribed && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void turnOff()}
          >
            Turn off on this device
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !devices || devices.length === 0}
          onClick={() => void test()}
        >
          Send a test notification
        </button>
      </div>
      <h3>Devices receiving notifications</h3>
      {devices === null ? (
        !error && <p>Loading…</p>
      ) : devices.length === 0 ? (
        <p>No device receives notifications yet.</p>
      ) : (
        <ul className="notification-devices" aria-label="Devices receiving notifications">
          {devices.map((device) => (
            <li key={device._id} className="notification-devices__item">
              <span>
                {deviceName(device.userAgent)} · {device.endpointHost} · since{' '}
                {device.createdAt.slice(0, 10)}
              </span>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy}
                aria-label={`Remove ${deviceName(device.userAgent)} (${device.endpointHost})`}
                onClick={() => void remove(device)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Email</h3>
      {settings && (
        <>
          <label className="choice">
            <input
              type="checkbox"
              checked={settings.email && settings.emailAvailable}
              disabled={busy || !settings.emailAvailable}
              onChange={(e) => void setEmail(e.target.checked)}
            />
            Email me when a reminder is due
          </label>
          {!settings.emailAvailable && (
            <p className="hint">
              This Jotter installation does not send email (no SMTP server is set).
            </p>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="import-panel__error">
          {error}
        </p>
      )}
    </section>
  );
}
