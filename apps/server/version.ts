/** Service version, shown in `/health`. */
export const VERSION = "0.1.0";
