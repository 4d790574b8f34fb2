-- Sort by name on /ar walks this index: the Arabic title where a product has one, else its title.
CREATE INDEX `products_visible_title_ar_idx` ON `products` (`is_hidden`,coalesce(nullif("title_ar", ''), "title") collate nocase,`id`);
