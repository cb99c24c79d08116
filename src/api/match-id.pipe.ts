import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { MATCH_ID_PATTERN } from '../match/match-stream.js';

@Injectable()
export class MatchIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!MATCH_ID_PATTERN.test(value)) {
      throw new BadRequestException(
        'id must be 1–64 letters, digits, _ or -, starting with a letter or digit',
      );
    }
    return value;
  }
}
