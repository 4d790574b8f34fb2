import { describe, expect, it } from "vitest";
import { categoryLabel } from "~/catalogue/category-labels.server.ts";
import { GRADE_INFO, GRADES, PACKAGING_INFO, PACKAGINGS } from "~/catalogue/condition.ts";
import { gradeText, packagingText } from "~/catalogue/condition-text.ts";
import { conditionGuideText, explainedCondition } from "~/catalogue/page-text.server.ts";
import { shownDescription, shownTitle } from "~/catalogue/shown-text.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { CATEGORY_TREE, type CategoryNode } from "~/catalogue/category-tree.ts";

const english = i18nFor("en");
const arabic = i18nFor("ar");
const latin = /[A-Za-z]/;

describe("the shopper's words for a product's condition and category", () => {
  it("says in English exactly what condition.ts says, and in Arabic something else, for every value", () => {
    for (const [kind, values, info] of [
      ["packaging", PACKAGINGS, PACKAGING_INFO],
      ["grade", GRADES, GRADE_INFO],
    ] as const)
      for (const value of values) {
        const { value: _value, ...words } = explainedCondition(english, kind, value);
        expect(words, value).toEqual((info as Record<string, unknown>)[value]);
        expect((kind === "packaging" ? packagingText : gradeText)(english, value).label).toBe(words.label);
        const { value: _same, ...inArabic } = explainedCondition(arabic, kind, value);
        for (const text of Object.values(inArabic)) expect(text, value).not.toMatch(latin);
      }
    expect(packagingText(arabic, "made-up").label).toBe("made-up");
    expect(gradeText(arabic, "toString").label).toBe("toString");
    const guide = conditionGuideText(arabic);
    for (const text of [guide.title.replace("OpenBox Lebanon", ""), guide.description, guide.intro])
      expect(text).not.toMatch(latin);
  });

  it("names every category of the tree in Arabic, keeps English labels as they are, and an unknown label as it is", () => {
    const labels = (nodes: CategoryNode[]): string[] =>
      nodes.flatMap((node) => [node.label ?? node.name, ...labels(node.children ?? [])]);
    for (const label of labels(CATEGORY_TREE)) {
      expect(categoryLabel(english, label)).toBe(label);
      expect(categoryLabel(arabic, label), label).not.toMatch(latin);
    }
    expect(categoryLabel(arabic, "Garden")).toBe("Garden");
  });

  it("shows a product's Arabic title and description on Arabic pages only, when it has them", () => {
    const plain = { title: "Kettle", description: "A kettle." };
    const both = { ...plain, titleAr: "غلاية", descriptionAr: "غلاية كهربائية." };
    expect(shownTitle(both, "ar")).toBe("غلاية");
    expect(shownDescription(both, "ar")).toBe("غلاية كهربائية.");
    expect(shownTitle(both, "en")).toBe("Kettle");
    expect(shownTitle(plain, "ar")).toBe("Kettle");
    expect(shownTitle({ ...plain, titleAr: null }, "ar")).toBe("Kettle");
    expect(shownDescription({ ...plain, descriptionAr: "" }, "ar")).toBe("A kettle.");
  });
});
