import { makeMessageKeys, type MessageKeys } from './message-keys';

/** A device's subscription keys (push_subscriptions' p256dh and auth). */
type Device = { p256dh: string; auth: string };

/**
 * One message's keys for each device a sender may push to soon, made while it waits, so that a burst only seals its
 * payloads. `take` hands a device's keys out once (and forgets them); a device with none ready (or whose keys changed)
 * gets keys made there and then. At most `capacity` devices are kept ahead (the oldest made go first).
 */
export class KeysAhead {
  private readonly ready = new Map<number, MessageKeys>();
  /** Keys handed out that had been made ahead, and made at the time of sending (benches and tests). */
  readonly counts = { ahead: 0, atSend: 0 };

  /** The devices keys are made for, and how far the pass over them has gone. */
  private devices: ReadonlyArray<Device & { id: number }> = [];
  private index = 0;
  private madeThisPass = 0;

  constructor(readonly capacity: number) {}

  /** Whether a pass over the devices is under way (the list is replaced only between passes). */
  get passing(): boolean {
    return this.index > 0;
  }

  /** The devices to make keys for from the next pass (at most `capacity`); others' keys are forgotten. */
  setDevices(devices: ReadonlyArray<Device & { id: number }>): void {
    this.devices = devices;
    this.retain(new Set(devices.map((device) => device.id)));
  }

  /**
   * Goes on with the pass over the devices for about `budgetMs` of work (or until `stop()`), making keys for those
   * that have none ready. Returns null while the pass has more to make, else how many it made in the whole pass.
   */
  makeSome(budgetMs: number, stop: () => boolean): number | null {
    const started = performance.now();
    while (this.index < this.devices.length && !stop() && performance.now() - started < budgetMs) {
      const device = this.devices[this.index++]!;
      if (this.ready.has(device.id)) continue;
      try {
        this.prepare(device.id, device);
        this.madeThisPass += 1;
      } catch {
        // keys that cannot take a push: the device is dropped when a push to it is tried (sender.ts)
      }
    }
    if (this.index < this.devices.length) return null;
    const made = this.madeThisPass;
    this.index = 0;
    this.madeThisPass = 0;
    return made;
  }

  get size(): number {
    return this.ready.size;
  }

  has(subscriptionId: number): boolean {
    return this.ready.has(subscriptionId);
  }

  /** Makes and keeps a device's next message keys (throws as makeMessageKeys). */
  prepare(subscriptionId: number, device: Device): void {
    if (this.capacity <= 0) return;
    if (this.ready.size >= this.capacity && !this.ready.has(subscriptionId)) {
      const oldest = this.ready.keys().next();
      if (!oldest.done) this.ready.delete(oldest.value);
    }
    this.ready.set(subscriptionId, makeMessageKeys(device));
  }

  /** The device's keys for one message: those made ahead for these device keys, else new ones. */
  take(subscriptionId: number, device: Device): MessageKeys {
    const kept = this.ready.get(subscriptionId);
    if (kept) {
      this.ready.delete(subscriptionId);
      if (kept.p256dh === device.p256dh && kept.auth === device.auth) {
        this.counts.ahead += 1;
        return kept;
      }
    }
    this.counts.atSend += 1;
    return makeMessageKeys(device);
  }

  /** Forgets the devices not in `keep` (unsubscribed, dropped). */
  retain(keep: ReadonlySet<number>): void {
    for (const id of this.ready.keys()) if (!keep.has(id)) this.ready.delete(id);
  }
}
