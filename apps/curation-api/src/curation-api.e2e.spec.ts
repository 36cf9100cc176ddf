import { describeServiceBasics } from '@platform/testing-service';
import { CURATION_SERVICE } from './curation-api.service';

describeServiceBasics(CURATION_SERVICE);
