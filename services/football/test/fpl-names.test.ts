import { commonName } from '../src/importers/sources/fpl-names';

/** Fantasy Premier League's first name, second name and shirt name (web_name), as 2024-25's players_raw.csv has them. */
describe('the name fans know a player by, from FPL', () => {
  it.each([
    // a name of its own
    ['Carlos Henrique', 'Casimiro', 'Casemiro', 'Casemiro'],
    ['Rodrigo', 'Hernández Cascante', 'Rodri', 'Rodri'],
    ['Jorge Luiz', 'Frello Filho', 'Jorginho', 'Jorginho'],
    // an initial and a surname: the first given name and the legal spelling
    ['Mohamed', 'Salah', 'M.Salah', 'Mohamed Salah'],
    ['Bruno', 'Borges Fernandes', 'B.Fernandes', 'Bruno Fernandes'],
    ['Andrés', 'García', 'A. Garcia', 'Andrés García'],
    ['David', 'Datro Fofana', 'D.D.Fofana', 'David Fofana'],
    // an initial that is not the first given name's
    ['Dango', 'Ouattara', 'O.Dango', 'Dango Ouattara'],
    // a surname alone
    ['Bukayo', 'Saka', 'Saka', 'Bukayo Saka'],
    ['Gabriel', 'Martinelli Silva', 'Martinelli', 'Gabriel Martinelli'],
    ['Pascal', 'Groß', 'Gross', 'Pascal Groß'],
    ['Kacper', 'Kozłowski', 'Kozlowski', 'Kacper Kozłowski'],
    ['Sepp', 'van den Berg', 'Van den Berg', 'Sepp van den Berg'],
    ['Trent', 'Alexander-Arnold', 'Alexander-Arnold', 'Trent Alexander-Arnold'],
    // a given name alone
    ['Gabriel', 'dos Santos Magalhães', 'Gabriel', 'Gabriel'],
    ['Francisco Evanilson', 'de Lima Barbosa', 'Evanilson', 'Evanilson'],
    ['Virgil', 'van Dijk', 'Virgil', 'Virgil van Dijk'],
    ['Thomas', 'Partey', 'Thomas', 'Thomas Partey'],
    ['Son', 'Heung-min', 'Son', 'Son Heung-min'],
    // several words of the legal name
    ['João Pedro', 'Junqueira de Jesus', 'João Pedro', 'João Pedro'],
    ['Luis', 'Díaz', 'Luis Díaz', 'Luis Díaz'],
    ['Alexis', 'Mac Allister', 'Mac Allister', 'Alexis Mac Allister'],
    // an initial that tells two players apart, and one no legal name has
    ['Ederson', 'Santana de Moraes', 'Ederson M.', 'Ederson'],
    ['Diogo', 'Teixeira da Silva', 'Diogo Z.', 'Diogo Teixeira da Silva'],
    // where FPL's names hold no name fans use: our own list
    ['Diogo', 'Teixeira da Silva', 'Diogo J.', 'Diogo Jota'],
    ['Matheus', 'Luiz Nunes', 'Matheus N.', 'Matheus Nunes'],
    ['Bruno', 'Guimarães Rodriguez Moura', 'Bruno G.', 'Bruno Guimarães'],
    // a spelling of the legal name
    ['Samuel', 'Iling-Junior', 'Iling Jr', 'Samuel Iling-Junior'],
  ])('%s %s, shirt "%s": %s', (first, second, web, expected) => {
    expect(commonName(first, second, web)).toBe(expected);
  });

  it('falls back to what there is', () => {
    expect(commonName('Erling', 'Haaland', '')).toBe('Erling Haaland');
    expect(commonName(null, null, 'Casemiro')).toBe('Casemiro');
    expect(commonName('  Erling ', ' Braut  Haaland ', null)).toBe('Erling Braut Haaland');
  });
});
