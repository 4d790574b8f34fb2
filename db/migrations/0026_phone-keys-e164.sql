-- Every stored phone key in one normal form, E.164 ('+9613123456'), so one key compares a phone
-- everywhere (docs/decisions/046). phone_key() is app/utils/phone-number.ts's phoneKey, which
-- openDatabase registers on every connection: the same function the models key and compare with.
--
-- Orders and blocks were keyed with international digits without the plus ('9613123456'):
-- re-keyed from the phone they hold.
UPDATE `orders` SET `phone_key` = phone_key(`phone`);--> statement-breakpoint
-- Two blocks whose old keys were different spellings of one number now share a key: one block
-- stays (the primary key refuses two), which is what blocking the number again does.
UPDATE OR REPLACE `blocked_phones` SET `phone_key` = phone_key(`phone`);--> statement-breakpoint
-- Discount uses held the national digits ('3123456') and no phone: each is re-keyed from its
-- order's phone (order_id is required and cascades, so every use has its order), so a code used
-- once by a phone is still refused to it.
UPDATE `discount_uses` SET `phone_key` = (
  SELECT phone_key(`orders`.`phone`) FROM `orders` WHERE `orders`.`id` = `discount_uses`.`order_id`
);
