// Entry of the single-machine server. React's package entry picks its development or production
// build from NODE_ENV when first loaded; the build keeps React external, so without this every
// page rendered with the development build (about twice the CPU per page). Set it before
// anything imports React, then start.
process.env.NODE_ENV ??= "production";
await import("./main");

export {};
