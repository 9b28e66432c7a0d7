/**
 * Method ids of the legacy extended-market command set (adapters/tdx/mac/README.md
 * 2.2), served on port 7727 after the 0x2454 login; requests start with 0x01.
 */
export const ExCommand = {
  LOGIN: 0x2454,
  INSTRUMENT_COUNT: 0x23f0,
  QUOTE: 0x23fa,
  TRANSACTIONS: 0x23fc,
  BARS: 0x23ff,
  HISTORY_TRANSACTIONS: 0x2406,
  MINUTE: 0x240b,
} as const;

export const EX_HEAD = 0x01;

/** The 80-byte login body opentdx, gotdx and easy_tdx send (pytdx's older one also exists). */
export const EX_LOGIN_BODY: Uint8Array = Uint8Array.from(
  Buffer.from(
    "e5bb1c2fafe52594" +
      "1f32c6e5d53dfb41" +
      "5b734cc9cdbf0ac9" +
      "2021bfdd1eb06d22" +
      "d008884c1611cb13" +
      "78f6abd824d899d2" +
      "1f32c6e5d53dfb41" +
      "1f32c6e5d53dfb41" +
      "a9325ac935dc0837" +
      "335a16e4ce17c1bb",
    "hex",
  ),
);
