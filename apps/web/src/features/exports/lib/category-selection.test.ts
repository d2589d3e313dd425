import { describe, expect, it } from 'vitest';
import { TREE } from '../test-utils.tsx';
import { ancestorsOf, chosenBelow, findNode, impliedBy, parentsOf, toggleCategory } from './category-selection.ts';

describe('category selection', () => {
  const parents = parentsOf(TREE);

  it('knows every ancestor', () => {
    expect(ancestorsOf(111, parents)).toEqual([11, 1]);
    expect(ancestorsOf(2, parents)).toEqual([]);
  });

  it('choosing a parent drops its chosen descendants, which it implies', () => {
    const withChild = toggleCategory([], findNode(TREE, 111)!);
    expect(withChild).toEqual([111]);
    const withRoot = toggleCategory([...withChild, 2], findNode(TREE, 1)!);
    expect(withRoot).toEqual([2, 1]);
    expect(impliedBy(111, new Set(withRoot), parents)).toBe(true);
    expect(impliedBy(1, new Set(withRoot), parents)).toBe(false);
    expect(toggleCategory(withRoot, findNode(TREE, 1)!)).toEqual([2]);
  });

  it('counts chosen categories below a node', () => {
    expect(chosenBelow(findNode(TREE, 1)!, new Set([111, 12]))).toBe(2);
    expect(chosenBelow(findNode(TREE, 2)!, new Set([111]))).toBe(0);
  });
});
