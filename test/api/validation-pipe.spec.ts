import { BadRequestException } from '@nestjs/common';
import { IsInt, IsString, Min } from 'class-validator';
import { FieldNamingValidationPipe } from '../../src/api/validation-pipe.js';

class UnitDto {
  @IsString()
  unitId!: string;

  @IsInt()
  @Min(2)
  morale!: number;
}

class LateDto {
  @IsString()
  name!: string;
}

const pipe = new FieldNamingValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true });
const body = (metatype: new () => object) => ({ type: 'body' as const, metatype, data: undefined });

async function refusal(value: unknown, metatype: new () => object): Promise<unknown> {
  try {
    await pipe.transform(value, body(metatype));
  } catch (error) {
    if (error instanceof BadRequestException) return error.getResponse();
    throw error;
  }
  throw new Error('accepted');
}

describe('the validation pipe, its rules worked out once per class', () => {
  it('refuses the same way on every request: the message and the field at fault', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await refusal({ unitId: 'u1', morale: 1 }, UnitDto)).toEqual({
        message: ['morale must not be less than 2'],
        field: 'morale',
      });
      expect(await refusal({ unitId: 'u1', morale: 8, extra: 1 }, UnitDto)).toEqual({
        message: ['property extra should not exist'],
        field: 'extra',
      });
    }
    await expect(pipe.transform({ unitId: 'u1', morale: 8 }, body(UnitDto))).resolves.toBeInstanceOf(UnitDto);
  });

  it('a rule added after a class was first validated applies from then on', async () => {
    await expect(pipe.transform({ name: 'n', size: 3 }, body(LateDto))).rejects.toThrow(BadRequestException);
    // A decorator run late (as a mapped type or a lazily loaded module would): the class gains `size`.
    IsInt()(LateDto.prototype, 'size');
    await expect(pipe.transform({ name: 'n', size: 3 }, body(LateDto))).resolves.toMatchObject({ size: 3 });
    expect(await refusal({ name: 'n', size: 'big' }, LateDto)).toEqual({
      message: ['size must be an integer number'],
      field: 'size',
    });
  });
});
