/**
 * What the portal needs from a transfer-mode vendor (docs/vendor-integration.md, "Transfer wallet"):
 * move money into and out of the player's wallet at the vendor, ask what became of a transfer, and read
 * the player's balance there. Every money call carries our transfer id, which the vendor treats as its
 * idempotency key.
 */

/** The player as the vendor knows them: one id per merchant and member, in one currency. */
export interface VendorPlayer {
  playerId: string;
  currency: string;
}

/**
 * The outcome of a transfer call. `done` and `failed` are definite (a signed answer from the vendor);
 * `unknown` means we cannot tell (time-out, lost connection, unsigned or unreadable answer), so the
 * money stays held until reconciliation learns the truth.
 */
export type VendorTransferStatus = 'done' | 'failed' | 'unknown';

export interface VendorTransferResult {
  status: VendorTransferStatus;
  /** The vendor's reason for a failure (for example insufficient_funds), or why we could not tell. */
  code: string | null;
}

/** The player's balance at the vendor and the version of that state (it grows with every change). */
export interface VendorBalance {
  balanceMinor: bigint;
  version: bigint;
}

export interface TransferVendorAdapter {
  readonly vendorCode: string;
  /** Moves money from our side into the player's wallet at the vendor. */
  transferIn(player: VendorPlayer, amountMinor: bigint, transferId: string): Promise<VendorTransferResult>;
  /** Takes money out of the player's wallet at the vendor back to us. */
  transferOut(player: VendorPlayer, amountMinor: bigint, transferId: string): Promise<VendorTransferResult>;
  /**
   * What became of a transfer. A vendor that never saw the id answers `failed` and must refuse it if it
   * arrives later, so a late request can never move money after we voided it.
   */
  transferStatus(transferId: string): Promise<VendorTransferStatus>;
  /** The player's balance at the vendor; throws VendorUnavailableError when it cannot be read. */
  balance(player: VendorPlayer): Promise<VendorBalance>;
}

/** The vendor could not be asked (time-out, network, bad answer); nothing can be concluded from it. */
export class VendorUnavailableError extends Error {
  constructor(
    readonly vendorCode: string,
    readonly reason: string,
  ) {
    super(`vendor ${vendorCode} unavailable: ${reason}`);
  }
}
