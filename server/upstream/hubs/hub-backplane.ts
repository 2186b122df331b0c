/**
 * What a hub hands to a backplane so that a send reaches the connections of every instance of the
 * upstream, not only this process's (as SignalR's Redis backplane does). A hub delivers to its own
 * connections at once and publishes the same delivery; every other instance delivers it to its own
 * connections. The arguments were authorised by the sending instance: receivers only deliver.
 */

/** One send or close of a hub, as it travels to the other instances (JSON). */
export type HubDelivery =
  | {
      readonly kind: "connection";
      readonly connectionId: string;
      readonly target: string;
      readonly args: unknown[];
    }
  | {
      readonly kind: "principal";
      readonly principalKey: string;
      readonly target: string;
      readonly args: unknown[];
    }
  | { readonly kind: "group"; readonly group: string; readonly target: string; readonly args: unknown[] }
  | { readonly kind: "all"; readonly target: string; readonly args: unknown[] }
  | {
      readonly kind: "close";
      readonly principalKey: string;
      readonly error?: string;
      readonly allowReconnect?: boolean;
    };

/**
 * A channel between the instances of the upstream. `attach` joins a named scope (a hub's path, or
 * another family of messages): it returns the function that publishes to the other instances, and
 * `receive` is called with what the others published there — never with this instance's own.
 */
export interface HubBackplane {
  attach<T>(scope: string, receive: (message: T) => void): (message: T) => void;
}

/** The scope of a hub's deliveries on the backplane. */
export const hubScope = (path: string) => `hub:${path}`;

/** Whether a message from the backplane is a delivery this version of the hub understands. */
export function isHubDelivery(value: unknown): value is HubDelivery {
  if (typeof value !== "object" || value === null) return false;
  const delivery = value as Record<string, unknown>;
  const sends = typeof delivery.target === "string" && Array.isArray(delivery.args);
  switch (delivery.kind) {
    case "connection":
      return sends && typeof delivery.connectionId === "string";
    case "principal":
      return sends && typeof delivery.principalKey === "string";
    case "group":
      return sends && typeof delivery.group === "string";
    case "all":
      return sends;
    case "close":
      return (
        typeof delivery.principalKey === "string" &&
        (delivery.error === undefined || typeof delivery.error === "string") &&
        (delivery.allowReconnect === undefined || typeof delivery.allowReconnect === "boolean")
      );
    default:
      return false;
  }
}
