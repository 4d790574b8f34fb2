/** A file chosen on the Add form, stored while the form went to the server and back: its name and link. */
export type KeptImage = { name: string; url: string };
