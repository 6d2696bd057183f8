/**
 * Activity comments (issue 14, spec section 5): where an activity asks for them, a player writes at most
 * 140 characters with up to three PNG or JPEG images of 5 MB each. Plain numbers here, outside the
 * schemas, so the web's lazy reward chunk can check them without pulling the schemas in.
 */
export const commentLimits = { maxLength: 140, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 } as const;
