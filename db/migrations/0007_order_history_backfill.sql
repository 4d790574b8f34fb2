-- Orders placed before the timeline existed start it with their placing, at the time they were placed.
-- Their later status changes were never recorded, so none are invented here.
INSERT INTO `order_history` (`order_id`, `event`, `actor`, `created_at`)
SELECT `id`, 'placed', NULL, `created_at` FROM `orders`;
