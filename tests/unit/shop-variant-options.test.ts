import { describe, expect, it } from 'vitest';
import { looksLikeSize, optionsFromProductName, optionsFromVariantName, variantOptions } from '@server/shop/variant-options';

describe('variantOptions: colour and size of a Printful sync variant', () => {
  it('takes the color and size fields when Printful sends them', () => {
    expect(variantOptions({ name: 'Tee - Red / XL', color: 'Black', size: 'M' })).toEqual({ color: 'Black', size: 'M' });
    // One field is enough to trust the fields: a mug has a colour and no size.
    expect(variantOptions({ name: 'Mug - White / 11oz', color: 'White', size: null })).toEqual({ color: 'White', size: null });
    expect(variantOptions({ color: ' Navy ', size: ' S ' })).toEqual({ color: 'Navy', size: 'S' });
  });

  it('falls back to "Product - Colour / Size" in the variant name', () => {
    expect(variantOptions({ name: 'Unisex Tee — Mountain - Black Heather / 2XL', color: null, size: null })).toEqual({
      color: 'Black Heather',
      size: '2XL',
    });
    expect(variantOptions({ name: 'Framed Landscape Poster - Black / 10″×10″' })).toEqual({ color: 'Black', size: '10″×10″' });
    expect(variantOptions({ name: 'Eco Tote - Oyster', color: '', size: '' })).toEqual({ color: 'Oyster', size: null });
    expect(variantOptions({ name: 'Mug - 11oz' })).toEqual({ color: null, size: '11oz' });
  });

  it('then to "(Colour / Size)" in the catalog product name', () => {
    expect(
      variantOptions({ name: 'Classroom poster', product: { name: 'Premium Luster Photo Paper Framed Poster (Black/10″×10″)' } }),
    ).toEqual({
      color: 'Black',
      size: '10″×10″',
    });
    expect(variantOptions({ name: 'Poster', product: { name: 'Enhanced Matte Paper Poster (in) (18″×24″)' } })).toEqual({
      color: null,
      size: '18″×24″',
    });
  });

  it('gives nulls when nothing names an option', () => {
    expect(variantOptions({ name: 'Sticker sheet' })).toEqual({ color: null, size: null });
    expect(variantOptions({})).toEqual({ color: null, size: null });
    expect(optionsFromVariantName('Sticker - ')).toBeNull();
    expect(optionsFromProductName('Kiss-cut stickers')).toBeNull();
  });

  it('tells sizes from colours', () => {
    for (const size of [
      'XS',
      's',
      'M',
      'XL',
      '2XL',
      '5XL',
      'XXL',
      '11oz',
      '15 oz',
      '500 ml',
      '18″×24″',
      '18x24',
      '50 x 70 cm',
      'One size',
    ]) {
      expect(looksLikeSize(size), size).toBe(true);
    }
    for (const colour of ['Black', 'Navy', 'White', 'Heather Grey', 'Oyster', 'Maroon', 'Silver']) {
      expect(looksLikeSize(colour), colour).toBe(false);
    }
  });
});
