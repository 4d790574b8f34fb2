-- A search's last word matches as a prefix ("kettl" finds Kettle). FTS5 answers a prefix from its
-- prefix index only for the lengths the index keeps (2 and 3 until now); a longer one merged the
-- entries of every word it starts before returning the first row: 0.24-0.41 ms at 100,000
-- products for "kettle", growing with the catalogue. Keeping prefixes of 2 to 8 characters makes
-- those 0.02-0.03 ms at any size, for about half as much index again (28.7 -> 43.3 MB at 100,000).
-- An FTS5 table cannot change its options, so it is rebuilt with the columns and tokenizer of 0014
-- and filled with the visible products; 0014's triggers name the table and carry on unchanged.
DROP TABLE `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  title,
  description,
  category,
  condition_notes,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO `products_fts` (rowid, title, description, category, condition_notes)
  SELECT p.id, p.title, p.description, c.label, p.condition_notes FROM `products` p JOIN `categories` c ON c.id = p.category_id WHERE p.is_hidden = 0;
