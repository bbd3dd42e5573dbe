"""HTTP plumbing: middleware, the error envelope, request parsing, tokens, pools."""
