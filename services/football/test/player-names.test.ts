import { fanCase, fanName, squadPlayerNamed } from '../src/domain/player-names';

describe('player names as fans write them', () => {
  it.each([
    ['MOHAMED SALAH', 'Mohamed Salah'],
    ['Virgil VAN DIJK', 'Virgil van Dijk'],
    ['VIRGIL VAN DIJK', 'Virgil van Dijk'],
    ['Frenkie DE JONG', 'Frenkie de Jong'],
    ['Rúben DOS SANTOS DIAS', 'Rúben dos Santos Dias'],
    ['Trent ALEXANDER-ARNOLD', 'Trent Alexander-Arnold'],
    ["John O'SHEA", "John O'Shea"],
    ['Dwight MCNEIL', 'Dwight McNeil'],
    ['ÉDER MILITÃO', 'Éder Militão'],
    ['Mateus Gonçalo ESPANHA FERNANDES', 'Mateus Gonçalo Espanha Fernandes'],
    // a particle that starts or ends a name is a name
    ['VAN DIJK', 'Van Dijk'],
    ['DA SILVA', 'Da Silva'],
    // already in mixed or lower case: as written
    ['Fer López', 'Fer López'],
    ['Kevin De Bruyne', 'Kevin De Bruyne'],
    ['Virgil van Dijk', 'Virgil van Dijk'],
    // initials and one-letter words are left alone; white space collapsed
    ['J. SMITH', 'J. Smith'],
    ['  Mohamed   SALAH ', 'Mohamed Salah'],
  ])('%s → %s', (source, expected) => {
    expect(fanCase(source)).toBe(expected);
  });

  const squad = [
    { playerId: 1, name: 'Mohamed Salah' },
    { playerId: 2, name: 'Virgil van Dijk' },
    { playerId: 3, name: 'Rodrigo Hernández Cascante', knownAs: 'Rodri' },
    { playerId: 4, name: 'Fabian Schär' },
    { playerId: 5, name: 'Ben Davies' },
    { playerId: 6, name: 'Ben Davies' },
  ];

  it('links a shouted name to the squad player, with his own spelling', () => {
    expect(fanName('MOHAMED SALAH', squad)).toEqual({ playerId: 1, name: 'Mohamed Salah' });
    expect(fanName('Virgil VAN DIJK', squad)).toEqual({ playerId: 2, name: 'Virgil van Dijk' });
    // accents and the name he is known by
    expect(fanName('FABIAN SCHAR', squad)).toEqual({ playerId: 4, name: 'Fabian Schär' });
    expect(fanName('RODRI', squad)).toEqual({ playerId: 3, name: 'Rodrigo Hernández Cascante' });
  });

  it('keeps a name the squad does not have, or has twice, unlinked and in normal case', () => {
    expect(fanName('Virgil VAN DIJK', [])).toEqual({ playerId: null, name: 'Virgil van Dijk' });
    expect(fanName('BEN DAVIES', squad)).toEqual({ playerId: null, name: 'Ben Davies' });
    expect(squadPlayerNamed('Salah', squad)).toBeNull();
    expect(squadPlayerNamed('', squad)).toBeNull();
  });
});
